import multipart from '@fastify/multipart';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_TOTAL_BYTES,
  feedbackAttachmentParamsSchema,
  feedbackAttachmentQuerySchema,
  feedbackBulkDeleteAnswerSchema,
  feedbackBulkDeleteBodySchema,
  feedbackIdParamsSchema,
  feedbackListAnswerSchema,
  feedbackListQuerySchema,
  feedbackSubmitAnswerSchema,
  feedbackUpdateAnswerSchema,
  feedbackUpdateBodySchema,
} from '@bree/contracts';
import type {} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { auditBody, auditParam } from '../../plugins/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { attachment } from '../files/files.port';
import { readFeedbackUpload } from './feedback.upload';
import type { FeedbackService } from './feedback.service';

/** A little above the largest upload the limits allow, for the form's own bytes; a refused upload is drained up to ten times this. */
const FEEDBACK_BODY_LIMIT = FEEDBACK_TOTAL_BYTES + 1024 * 1024;

/** Per writer: plenty for people, while a script flooding the admins' list and the storage is refused. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;
const feedbackRateLimit = {
  ...FEEDBACK_RATE_LIMIT,
  keyGenerator: (request: FastifyRequest) => request.auth?.tenantId ?? request.ip,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    commonErrors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000)), 'Too much feedback at once. Please wait a few minutes before sending more.'),
};

/**
 * POST /api/feedback (a writer's feedback, multipart) and the admins' /api/admin/feedback routes
 * (docs/PRODUCT.md#admin): the admin guard protects every /api/admin/ route, so none checks it here.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (app, { feedback }) => {
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      // The screenshot and up to three files; one more is read only to answer 'too many files'.
      files: FEEDBACK_LIMITS.maxFiles + 2,
      fileSize: FEEDBACK_LIMITS.maxFileBytes,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: FEEDBACK_LIMITS.maxFiles + 12,
    },
  });

  app.post(
    '/feedback',
    {
      bodyLimit: FEEDBACK_BODY_LIMIT,
      // Each Submit is a new item, and a multipart body is streamed, so it has no fingerprint to compare.
      config: { replay: false, rateLimit: feedbackRateLimit },
      schema: { response: { 200: feedbackSubmitAnswerSchema } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const upload = await readFeedbackUpload(req, auth.tenantId);
      const { id } = await feedback.submit({ ...upload, tenantId: auth.tenantId, userEmail: auth.email, userName: auth.name });
      return { success: true as const, id };
    },
  );

  app.get('/admin/feedback', { schema: { querystring: feedbackListQuerySchema, response: { 200: feedbackListAnswerSchema } } }, async (req) => ({
    items: await feedback.list(req.query),
  }));

  app.put(
    '/admin/feedback/:feedbackId',
    {
      schema: { params: feedbackIdParamsSchema, body: feedbackUpdateBodySchema, response: { 200: feedbackUpdateAnswerSchema } },
      config: { audit: { action: 'feedback.update', target: auditParam('feedbackId'), detail: auditBody('status', 'preserve') } },
    },
    async (req) => ({ success: true as const, item: await feedback.update(req.params.feedbackId, req.body) }),
  );

  app.post(
    '/admin/feedback/bulk-delete',
    {
      schema: { body: feedbackBulkDeleteBodySchema, response: { 200: feedbackBulkDeleteAnswerSchema } },
      config: { audit: { action: 'feedback.delete', detail: auditBody('feedbackIds') } },
    },
    async (req) => ({ success: true as const, deleted: await feedback.bulkDelete(req.body.feedbackIds) }),
  );

  app.get(
    '/admin/feedback/:feedbackId/attachments/:attachmentId',
    {
      schema: { params: feedbackAttachmentParamsSchema, querystring: feedbackAttachmentQuerySchema },
      config: {
        audit: { action: 'feedback.attachment', target: auditParam('feedbackId'), detail: (req) => ({ attachmentId: auditParam('attachmentId')(req) }) },
      },
    },
    async (req, reply) => {
      const file = await feedback.attachment(req.params.feedbackId, req.params.attachmentId);
      // Never rendered as a page of Bree's origin: a sniffed type, no sniffing by the browser, and a sandbox.
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'");
      void reply.header('cache-control', 'private, no-store');
      void reply.header('content-disposition', req.query.download ? attachment(file.filename) : attachment(file.filename).replace(/^attachment/, 'inline'));
      return reply.type(file.contentType).send(file.data);
    },
  );
};
