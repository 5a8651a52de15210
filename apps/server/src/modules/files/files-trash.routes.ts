import {
  bulkRestoreAnswerSchema,
  bulkRestoreBodySchema,
  fileIdParamsSchema,
  successSchema,
  summaryAnswerSchema,
  trashPageAnswerSchema,
  trashQuerySchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { TrashService } from './files.trash';

/**
 * The Trash (docs/TRASH.md): DELETE /files/{tenant}/{path}, POST /files/delete and bulk-delete put
 * documents there; these routes list it, restore from it (one document, or a bulk delete's batch)
 * and delete from it for good. Discard is the one deletion that skips it: an empty new document.
 */
export const filesTrashRoutes: FastifyPluginAsyncZod<{ trash: TrashService }> = async (app, { trash }) => {
  app.get('/files/trash', { schema: { querystring: trashQuerySchema, response: { 200: trashPageAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return trash.list({ tenantId, limit: req.query.limit, cursor: req.query.cursor });
  });

  app.post('/files/:id/restore', { schema: { params: fileIdParamsSchema, response: { 200: summaryAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, file: await trash.restore({ tenantId, fileId: req.params.id }) };
  });

  app.post('/files/bulk-restore', { schema: { body: bulkRestoreBodySchema, response: { 200: bulkRestoreAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await trash.restoreMany({ tenantId, fileIds: req.body.fileIds })) };
  });

  app.post('/files/:id/discard', { schema: { params: fileIdParamsSchema, response: { 200: successSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    await trash.discard({ tenantId, fileId: req.params.id });
    return { success: true as const };
  });

  app.delete('/files/:id/forever', { schema: { params: fileIdParamsSchema, response: { 200: successSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    await trash.deleteForever({ tenantId, fileId: req.params.id });
    return { success: true as const };
  });
};
