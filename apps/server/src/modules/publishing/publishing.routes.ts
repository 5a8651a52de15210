import {
  postAnswerSchema,
  publishableListAnswerSchema,
  publishingDraftSchema,
  publishingFileParamsSchema,
  publishingPreviewAnswerSchema,
} from '@bree/contracts';
import { auditBody, auditParam } from '../../plugins/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import type { PublishingService } from './publishing.service';

/**
 * /api/admin/publishing/* (docs/PRODUCT.md#admin): administrators only (plugins/admin.ts), and
 * of them only the publishing tenant, checked once here for every route after its input is valid.
 */
export const publishingRoutes: FastifyPluginAsyncZod<{ publishing: PublishingService }> = async (app, { publishing }) => {
  app.addHook('preHandler', async (req) => publishing.assertPublisher(requireAuth(req).tenantId));

  app.get('/admin/publishing/documents', { schema: { response: { 200: publishableListAnswerSchema } } }, async (req) =>
    publishing.listDocuments({ tenantId: requireAuth(req).tenantId }),
  );

  app.get(
    '/admin/publishing/documents/:fileId/preview',
    { schema: { params: publishingFileParamsSchema, response: { 200: publishingPreviewAnswerSchema } } },
    async (req) => publishing.preview({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId }),
  );

  app.put(
    '/admin/publishing/documents/:fileId/draft',
    {
      schema: { params: publishingFileParamsSchema, body: publishingDraftSchema, response: { 200: postAnswerSchema } },
      config: { audit: { action: 'publishing.draft', target: auditParam('fileId'), detail: auditBody('title', 'slug', 'category') } },
    },
    async (req) => publishing.saveDraft({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId, draft: req.body }),
  );

  app.post(
    '/admin/publishing/documents/:fileId/publish',
    {
      schema: { params: publishingFileParamsSchema, body: publishingDraftSchema, response: { 200: postAnswerSchema } },
      config: { audit: { action: 'publishing.publish', target: auditParam('fileId'), detail: auditBody('title', 'slug', 'category') } },
    },
    async (req) => publishing.publish({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId, draft: req.body }),
  );

  app.post(
    '/admin/publishing/documents/:fileId/unpublish',
    {
      schema: { params: publishingFileParamsSchema, body: z.object({}).optional(), response: { 200: postAnswerSchema } },
      config: { audit: { action: 'publishing.unpublish', target: auditParam('fileId') } },
    },
    async (req) => publishing.unpublish({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId }),
  );
};
