import {
  commentAnchorBodySchema,
  commentCountsAnswerSchema,
  commentCreateBodySchema,
  commentDeleteAnswerSchema,
  commentDeleteBodySchema,
  commentEditBodySchema,
  commentFileParamsSchema,
  commentListAnswerSchema,
  commentReplyBodySchema,
  commentResolveBodySchema,
  commentThreadAnswerSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { CommentsService } from './comments.service';

/** /api/comments/* (docs/COLLABORATION.md "Comments"): threads on a document, for its owner and the people it is shared with. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  const thread = { 200: commentThreadAnswerSchema };

  app.get('/comments/list/:fileId', { schema: { params: commentFileParamsSchema, response: { 200: commentListAnswerSchema } } }, async (req) =>
    comments.list(requireAuth(req), req.params.fileId),
  );
  app.get('/comments/counts', { schema: { response: { 200: commentCountsAnswerSchema } } }, async (req) => comments.counts(requireAuth(req)));
  app.post('/comments/create', { schema: { body: commentCreateBodySchema, response: thread } }, async (req) => comments.create(requireAuth(req), req.body));
  app.post('/comments/reply', { schema: { body: commentReplyBodySchema, response: thread } }, async (req) => comments.reply(requireAuth(req), req.body));
  app.post('/comments/resolve', { schema: { body: commentResolveBodySchema, response: thread } }, async (req) => comments.resolve(requireAuth(req), req.body));
  app.post('/comments/anchor', { schema: { body: commentAnchorBodySchema, response: thread } }, async (req) => comments.moveAnchor(requireAuth(req), req.body));
  app.post('/comments/edit', { schema: { body: commentEditBodySchema, response: thread } }, async (req) => comments.edit(requireAuth(req), req.body));
  app.post('/comments/delete', { schema: { body: commentDeleteBodySchema, response: { 200: commentDeleteAnswerSchema } } }, async (req) =>
    comments.remove(requireAuth(req), req.body),
  );
};
