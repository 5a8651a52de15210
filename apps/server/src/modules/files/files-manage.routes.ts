import {
  bulkDeleteAnswerSchema,
  bulkDeleteBodySchema,
  bulkTagAnswerSchema,
  bulkTagBodySchema,
  copyBodySchema,
  cleanName,
  deleteBodySchema,
  fileAnswerSchema,
  metadataBodySchema,
  renameAnswerSchema,
  renameBodySchema,
  repositoryBodySchema,
  successSchema,
  summaryAnswerSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { downloadExtras, downloadQuerySchema } from './files.download-query';
import type { FilesService } from './files.service';

const tenantPathParams = z.object({ tenant: z.string(), path: z.string().min(1) });

/**
 * Content-Disposition for a download, safe for any file name (RFC 6266 / 5987): the name passes
 * the one name cleaning (no bidi or zero-width characters, NFC) for both forms, then the plain
 * form keeps printable ASCII only.
 */
export function attachment(filename: string): string {
  const clean = cleanName(filename) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are, and ' ends the charset part.
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Renaming, tagging, moving into the repository, deleting, copying and downloading. */
export const filesManageRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.delete('/files/:tenant/:path', { schema: { params: tenantPathParams, response: { 200: successSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    await files.deleteByPath({ tenantId, filePath: req.params.path });
    return { success: true as const };
  });

  app.post('/files/delete', { schema: { body: deleteBodySchema, response: { 200: successSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    await files.deleteByPath({ tenantId, filePath: req.body.filePath });
    return { success: true as const };
  });

  app.post('/files/bulk-delete', { schema: { body: bulkDeleteBodySchema, response: { 200: bulkDeleteAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.bulkDelete({ tenantId, fileIds: req.body.fileIds })) };
  });

  app.post('/files/bulk-tag', { schema: { body: bulkTagBodySchema, response: { 200: bulkTagAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.bulkTag({ tenantId, fileIds: req.body.fileIds, authenticity: req.body.authenticity })) };
  });

  app.post('/files/rename', { schema: { body: renameBodySchema, response: { 200: renameAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, ...(await files.rename({ tenantId, ...req.body })) };
  });

  app.patch(
    '/files/repository/:tenant/:path',
    { schema: { params: tenantPathParams, body: repositoryBodySchema, response: { 200: summaryAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { success: true as const, file: await files.setRepository({ tenantId, filePath: req.params.path, isRepository: req.body.isRepository }) };
    },
  );

  app.patch(
    '/files/metadata/:tenant/:path',
    { schema: { params: tenantPathParams, body: metadataBodySchema, response: { 200: summaryAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { success: true as const, file: await files.updateMetadata({ tenantId, filePath: req.params.path, ...req.body }) };
    },
  );

  app.post('/files/copy', { schema: { body: copyBodySchema, response: { 200: fileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { success: true as const, file: await files.copy({ tenantId, fileId: req.body.fileId }) };
  });

  app.get(
    '/files/:tenant/:path/download',
    {
      schema: {
        params: tenantPathParams,
        querystring: downloadQuerySchema,
      },
    },
    async (req, reply) => {
      const { tenantId } = requireAuth(req);
      const file = await files.download({ tenantId, filePath: req.params.path, ...downloadExtras(req.query) });
      return reply.header('content-disposition', attachment(file.filename)).type(file.contentType).send(file.body);
    },
  );
};
