import {
  createVersionAnswerSchema,
  createVersionBodySchema,
  getVersionAnswerSchema,
  getVersionQuerySchema,
  listVersionsAnswerSchema,
  listVersionsQuerySchema,
  nameVersionAnswerSchema,
  nameVersionBodySchema,
  restoreVersionAnswerSchema,
  restoreVersionBodySchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { asOwnerOrGrantee, type DocumentAccess } from '../files/files.port';
import type { VersionsService } from './versions.service';

/** GET /versions/list, GET /versions/get, POST /versions/create, POST /versions/name, POST /versions/restore/{tenant}/{fileId}. */
export const versionsRoutes: FastifyPluginAsyncZod<{ versions: VersionsService; access: DocumentAccess }> = async (app, { versions, access }) => {
  app.get('/versions/list', { schema: { querystring: listVersionsQuerySchema, response: { 200: listVersionsAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, versions: await versions.list({ tenantId, fileId: req.query.fileId }) };
  });

  app.get('/versions/get', { schema: { querystring: getVersionQuerySchema, response: { 200: getVersionAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, version: await versions.get({ tenantId, fileId: req.query.fileId, versionId: req.query.versionId }) };
  });

  app.post('/versions/create', { schema: { body: createVersionBodySchema, response: { 200: createVersionAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    const { fileId, reason, content } = req.body;
    // An Editor keeps a text as a version too: the conflict choice saves the text it does not take (docs/SAVING.md).
    const version = await asOwnerOrGrantee({ access, tenantId, fileId, need: 'edit' }, (owner) => versions.take({ tenantId: owner, fileId, reason, content }));
    return { success: true as const, version };
  });

  app.post('/versions/name', { schema: { body: nameVersionBodySchema, response: { 200: nameVersionAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    const { fileId, versionId, name, content } = req.body;
    return { success: true as const, version: await versions.name({ tenantId, fileId, versionId, name, content }) };
  });

  app.post(
    '/versions/restore/:tenant/:fileId',
    {
      schema: {
        params: z.object({ tenant: z.string(), fileId: z.string().min(1).max(64) }),
        body: restoreVersionBodySchema,
        response: { 200: restoreVersionAnswerSchema },
      },
    },
    async (req) => {
      const { tenantId } = requireAuth(req);
      const { versionId, baseRevision, operationId } = req.body;
      return { success: true as const, ...(await versions.restore({ tenantId, fileId: req.params.fileId, versionId, baseRevision, operationId })) };
    },
  );
};
