import {
  suggestionAnswerSchema,
  suggestionDecideBodySchema,
  suggestionFileParamsSchema,
  suggestionListAnswerSchema,
  suggestionProposeBodySchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { SuggestionsService } from './suggestions.service';

/** /api/suggestions/* (docs/COLLABORATION.md "Suggestions"): a Commenter's suggested edits, and the owner's or an Editor's decisions. */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: SuggestionsService }> = async (app, { suggestions }) => {
  app.get('/suggestions/list/:fileId', { schema: { params: suggestionFileParamsSchema, response: { 200: suggestionListAnswerSchema } } }, async (req) =>
    suggestions.list(requireAuth(req), req.params.fileId),
  );
  app.post('/suggestions/propose', { schema: { body: suggestionProposeBodySchema, response: { 200: suggestionAnswerSchema } } }, async (req) =>
    suggestions.propose(requireAuth(req), req.body),
  );
  app.post('/suggestions/decide', { schema: { body: suggestionDecideBodySchema, response: { 200: suggestionAnswerSchema } } }, async (req) =>
    suggestions.decide(requireAuth(req), req.body),
  );
};
