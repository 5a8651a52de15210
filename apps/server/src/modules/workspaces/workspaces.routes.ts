import {
  convertWorkspaceAnswerSchema,
  convertWorkspaceBodySchema,
  createVariantAnswerSchema,
  createVariantBodySchema,
  deleteVariantAnswerSchema,
  renameVariantBodySchema,
  updateVariantBodySchema,
  variantAnswerSchema,
  variantParamsSchema,
  workspaceExportQuerySchema,
  workspaceFileParamsSchema,
  workspaceFilesAnswerSchema,
  workspaceMetadataSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { attachment, type ExportImageSource } from '../files/files.port';
import { exportWorkspaceZip } from './workspaces.export';
import type { HeavyWork } from '../../lib/workers/heavy-work';
import type { WorkspacesService } from './workspaces.service';

/** Workspaces and variants (docs/PRODUCT.md#workspaces; docs/WORKSPACES.md). */
export const workspacesRoutes: FastifyPluginAsyncZod<{ workspaces: WorkspacesService; heavyWork: HeavyWork; exportImages?: ExportImageSource }> = async (
  app,
  { workspaces, heavyWork, exportImages },
) => {
  app.post('/workspaces/convert', { schema: { body: convertWorkspaceBodySchema, response: { 200: convertWorkspaceAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await workspaces.convert({ tenantId, fileId: req.body.fileId, workspaceType: req.body.workspaceType })) };
  });

  app.get('/workspaces/metadata/:fileId', { schema: { params: workspaceFileParamsSchema, response: { 200: workspaceMetadataSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return workspaces.metadata({ tenantId, fileId: req.params.fileId });
  });

  app.get('/workspaces/:fileId/files', { schema: { params: workspaceFileParamsSchema, response: { 200: workspaceFilesAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return workspaces.list({ tenantId, fileId: req.params.fileId });
  });

  app.post(
    '/workspaces/:fileId/variants',
    { schema: { params: workspaceFileParamsSchema, body: createVariantBodySchema, response: { 200: createVariantAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { success: true as const, ...(await workspaces.createVariant({ tenantId, fileId: req.params.fileId, body: req.body })) };
    },
  );

  app.patch(
    '/workspaces/variants/:variantId',
    { schema: { params: variantParamsSchema, body: renameVariantBodySchema, response: { 200: variantAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { success: true as const, ...(await workspaces.rename({ tenantId, variantId: req.params.variantId, label: req.body.variantLabel })) };
    },
  );

  app.delete('/workspaces/variants/:variantId', { schema: { params: variantParamsSchema, response: { 200: deleteVariantAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await workspaces.remove({ tenantId, variantId: req.params.variantId })) };
  });

  app.post(
    '/workspaces/variants/:variantId/update-from-master',
    { schema: { params: variantParamsSchema, body: updateVariantBodySchema, response: { 200: createVariantAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      const answer = await workspaces.updateFromMaster({
        tenantId,
        variantId: req.params.variantId,
        ...(req.body.providerMode ? { providerMode: req.body.providerMode } : {}),
      });
      return { success: true as const, ...answer };
    },
  );

  app.get('/workspaces/:fileId/export', { schema: { params: workspaceFileParamsSchema, querystring: workspaceExportQuerySchema } }, async (req, reply) => {
    const { tenantId } = requireAuth(req);
    const contents = await workspaces.contents({ tenantId, fileId: req.params.fileId });
    const zip = await exportWorkspaceZip({ ...contents, format: req.query.format, heavyWork, tenantId, ...(exportImages ? { exportImages } : {}) });
    return reply.header('content-disposition', attachment(zip.filename)).type(zip.contentType).send(zip.body);
  });
};
