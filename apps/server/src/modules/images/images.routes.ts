import multipart from '@fastify/multipart';
import { IMAGE_LIMITS, imageParamsSchema, imageUploadAnswerSchema } from '@bree/contracts';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { ImageAccess, ImageBytes, ImagesService } from './images.service';
import { readImageUpload } from './images.upload';

/** A little above the largest image, for the form's own bytes; a refused upload is drained up to ten times this. */
const IMAGE_BODY_LIMIT = IMAGE_LIMITS.maxUploadBytes + 64 * 1024;

/** Per writer: a long paste of screenshots passes, a script filling the storage is slowed down. */
export const IMAGE_UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * Sends a stored image. Its id never names other bytes, so it may be kept a year (`immutable`);
 * `cacheControl` says who may keep it; a public page's image may be shown elsewhere (a feed reader's page). Never sniffed into a page of Bree's origin: the type is the
 * stored one, and a sandbox policy covers a direct visit.
 */
export function sendImage(reply: FastifyReply, image: ImageBytes, { cacheControl, crossOrigin }: { cacheControl: string; crossOrigin: boolean }) {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cacheControl)
    .header('cross-origin-resource-policy', crossOrigin ? 'cross-origin' : 'same-origin')
    .type(image.contentType)
    .send(image.data);
}

/** POST /api/images (an image of a document the caller writes: theirs, or one shared with them as Editor; multipart) and GET /api/images/{id} (the owner's, or a person's the document is shared with). */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService; access: ImageAccess }> = async (app, { images, access }) => {
  // Scoped to this plugin, as feedback's is: the one file and the fileId (and an optional tenantId).
  await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_LIMITS.maxUploadBytes, fields: 3, fieldSize: 1024, parts: 4 } });

  app.post(
    '/images',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      // Each upload is a new image, and a multipart body is streamed, so it has no fingerprint to compare.
      config: {
        replay: false,
        rateLimit: {
          ...IMAGE_UPLOAD_RATE_LIMIT,
          keyGenerator: (request: FastifyRequest) => request.auth?.tenantId ?? request.ip,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            commonErrors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000)), 'Too many images at once. Please wait a minute.'),
        },
      },
      schema: { response: { 200: imageUploadAnswerSchema } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { fileId, data } = await readImageUpload(req, auth.tenantId);
      return { image: await images.uploadAsWriter({ tenantId: auth.tenantId, fileId, data, access }) };
    },
  );

  app.get('/images/:id', { schema: { params: imageParamsSchema } }, async (req, reply) => {
    const auth = requireAuth(req);
    // Only the owner's browser may keep it; the bytes behind an id never change.
    return sendImage(reply, await images.readAsReader({ tenantId: auth.tenantId, id: req.params.id, access }), {
      cacheControl: 'private, max-age=31536000, immutable',
      crossOrigin: false,
    });
  });
};
