import {
  claimBlankAnswerSchema,
  claimBlankBodySchema,
  contentUpdateAnswerSchema,
  contentUpdateBodySchema,
  createFileBodySchema,
  fileAnswerSchema,
  getFileBodySchema,
  listAnswerSchema,
  listBodySchema,
  listPagedAnswerSchema,
  listPagedQuerySchema,
  listQuerySchema,
  searchFilesAnswerSchema,
  searchFilesQuerySchema,
  syncUlidAnswerSchema,
  syncUlidBodySchema,
  uploadFileBodySchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { projectedJsonSerializer } from './files.answer-json';
import { attachment } from './files-manage.routes';
import { asOwnerOrGrantee, type DocumentAccess } from './files.access';
import { checksIgnoredRoutes } from './files.checks-ignored.routes';
import { downloadExtras, downloadQuerySchema } from './files.download-query';
import type { SaveService } from './files.save';
import type { FilesService } from './files.service';

export interface FilesRouteDeps {
  files: FilesService;
  saves: SaveService;
  access: DocumentAccess;
}

const tenantPathParams = z.object({ tenant: z.string(), path: z.string().min(1) });

/** Reads sent as POST write nothing, so their answers are not remembered for X-Operation-Id replays. */
const READ = { replay: false } as const;

/** Reading, listing, creating and saving documents (docs/PRODUCT.md#api). */
export const filesRoutes: FastifyPluginAsyncZod<FilesRouteDeps> = async (app, { files, saves, access }) => {
  app.post('/files/get', { config: READ, schema: { body: getFileBodySchema, response: { 200: fileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    const { fileId, filePath } = req.body;
    // By id, a document shared with the caller reads too (decided on the parsed body, never the raw request); a path is the caller's own.
    if (fileId)
      return {
        success: true as const,
        file: await asOwnerOrGrantee({ access, tenantId, fileId, need: 'read' }, async (owner) => {
          const file = await files.get({ tenantId: owner, fileId });
          // The owner's private notes are theirs alone, as they stay off a shared page and out of a copy.
          if (owner === tenantId || file.metadata.notes === undefined) return file;
          const { notes: _private, ...metadata } = file.metadata;
          return { ...file, metadata };
        }),
      };
    return { success: true as const, file: await files.get({ tenantId, filePath }) };
  });

  app.get('/files/:tenant/:path', { schema: { params: tenantPathParams, response: { 200: fileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, file: await files.get({ tenantId, filePath: req.params.path }) };
  });

  app.post('/files/upload', { schema: { body: uploadFileBodySchema, response: { 200: fileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, file: await files.upload({ tenantId, ...req.body }) };
  });

  app.post('/files/create', { schema: { body: createFileBodySchema, response: { 200: fileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, file: await files.create({ tenantId, ...req.body }) };
  });

  app.post('/files/claim-blank', { schema: { body: claimBlankBodySchema, response: { 200: claimBlankAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.claimBlank({ tenantId, ...req.body })) };
  });

  app.post('/files/sync-ulid', { schema: { body: syncUlidBodySchema, response: { 200: syncUlidAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.syncUlid({ tenantId, ...req.body })) };
  });

  // Saves keep their own, stricter replay rule: the operationId in the body is the save key (files.save.ts, save receipts).
  app.post(
    '/files/content-only-update',
    {
      config: { replay: false },
      // Saves run every few seconds while writing: the answer is projected onto its schema compiled once (files.answer-json.ts).
      serializerCompiler: projectedJsonSerializer,
      schema: { body: contentUpdateBodySchema, response: { 200: contentUpdateAnswerSchema } },
    },
    async (req) => {
      const { tenantId: caller } = requireAuth(req);
      const { fileId, content, baseRevision, operationId, source } = req.body;
      // The owner and an Editor save through the one content writer, in the owner's tenant (revision-checked as ever).
      return asOwnerOrGrantee({ access, tenantId: caller, fileId, need: 'edit' }, (tenantId) =>
        saves.saveContent({ tenantId, fileId, content, baseRevision, saveKey: operationId, source }, { log: req.log }),
      );
    },
  );

  app.get('/files/list', { schema: { querystring: listQuerySchema, response: { 200: listAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.list({ tenantId, directory: req.query.directory })) };
  });

  app.post('/files/list', { config: READ, schema: { body: listBodySchema, response: { 200: listAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.list({ tenantId, directory: req.body.directory })) };
  });

  app.get(
    '/files/list/:tenantId',
    { schema: { params: z.object({ tenantId: z.string() }), querystring: listQuerySchema, response: { 200: listAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { success: true as const, ...(await files.list({ tenantId, directory: req.query.directory })) };
    },
  );

  // The list is the hottest read: its answer is projected onto the schema compiled once, not parsed again by zod (files.answer-json.ts).
  app.get(
    '/files/list-paged',
    { serializerCompiler: projectedJsonSerializer, schema: { querystring: listPagedQuerySchema, response: { 200: listPagedAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      const { limit, cursor, sort, view, directory } = req.query;
      return files.listPaged({ tenantId, limit, cursor, sort, view, directory });
    },
  );

  app.get('/files/search', { schema: { querystring: searchFilesQuerySchema, response: { 200: searchFilesAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return files.search({ tenantId, q: req.query.q, limit: req.query.limit, view: req.query.view });
  });

  // The export by id, for the owner and every grantee's role (docs/SHARING.md "People"): a path names only the caller's own documents.
  app.get(
    '/files/by-id/:fileId/download',
    {
      schema: {
        params: z.object({ fileId: z.string().min(1).max(64) }),
        querystring: downloadQuerySchema,
      },
    },
    async (req, reply) => {
      const { tenantId } = requireAuth(req);
      const { fileId } = req.params;
      const file = await asOwnerOrGrantee({ access, tenantId, fileId, need: 'read' }, async (owner) => {
        const { filePath } = await files.get({ tenantId: owner, fileId });
        return files.download({ tenantId: owner, filePath, ...downloadExtras(req.query) });
      });
      return reply.header('content-disposition', attachment(file.filename)).type(file.contentType).send(file.body);
    },
  );

  await app.register(checksIgnoredRoutes, { checksIgnored: files.checksIgnored });
};
