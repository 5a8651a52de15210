import type {} from '@fastify/rate-limit';
import {
  shareDisableAnswerSchema,
  shareFileBodySchema,
  shareFileParamsSchema,
  shareLinkAnswerSchema,
  sharedDocumentAnswerSchema,
  shareSlugParamsSchema,
  shareStatusAnswerSchema,
  shareCopyAnswerSchema,
  shareCopyParamsSchema,
} from '@bree/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { FilesService } from '../files/files.port';
import type { SharesService } from './shares.service';

/**
 * Per-IP limit of what an anonymous reader may ask for (the public call and the page): generous
 * for people, while guessing slugs at any useful rate is refused (they are 144 random bits anyway).
 */
export const SHARE_READ_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/** The @fastify/rate-limit route config of the public share reads: 429 rate_limited with Retry-After. */
export const shareReadRateLimit = {
  ...SHARE_READ_LIMIT,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    commonErrors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000)), 'Too many requests for shared documents. Please wait a minute and try again.'),
};

/**
 * /api/shares/* (docs/PRODUCT.md#sharing): the author's switch, status and new slug, the public
 * read by slug, and a signed-in reader's copy of a shared document into their own account.
 */
export const sharesRoutes: FastifyPluginAsyncZod<{ shares: SharesService; files: Pick<FilesService, 'create'> }> = async (app, { shares, files }) => {
  app.post('/shares/create', { schema: { body: shareFileBodySchema, response: { 200: shareLinkAnswerSchema } } }, async (req) =>
    shares.create({ tenantId: requireAuth(req).tenantId, fileId: req.body.fileId }),
  );

  app.get('/shares/status/:fileId', { schema: { params: shareFileParamsSchema, response: { 200: shareStatusAnswerSchema } } }, async (req) =>
    shares.status({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId }),
  );

  app.post('/shares/disable', { schema: { body: shareFileBodySchema, response: { 200: shareDisableAnswerSchema } } }, async (req) =>
    shares.disable({ tenantId: requireAuth(req).tenantId, fileId: req.body.fileId }),
  );

  app.post('/shares/regenerate-slug', { schema: { body: shareFileBodySchema, response: { 200: shareLinkAnswerSchema } } }, async (req) =>
    shares.regenerate({ tenantId: requireAuth(req).tenantId, fileId: req.body.fileId }),
  );

  // The copy is made in the caller's own tenant only; the share is read by its public name, as any reader reads it.
  app.post('/shares/:slug/copy', { schema: { params: shareCopyParamsSchema, response: { 200: shareCopyAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    const { title, content, metadata } = await shares.contentForCopy(req.params.slug);
    const file = await files.create({ tenantId, filePath: title, content, isRepository: false, metadata });
    return { file: { id: file.id, name: file.displayName } };
  });

  // Public: no token is read. The share has no public name but its slug, so "slug-or-id" is the slug.
  app.get(
    '/shares/:slugOrId',
    { config: { public: true, rateLimit: shareReadRateLimit }, schema: { params: shareSlugParamsSchema, response: { 200: sharedDocumentAnswerSchema } } },
    async (req, reply) => {
      const data = await shares.read(req.params.slugOrId);
      // A switched-off link must stop working at once: no cache may keep a copy.
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data, message: 'Document loaded' };
    },
  );
};
