import { imageIdSchema, POST_CATEGORIES, postSlugSchema, type PostCategory } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { shareReadRateLimit } from '../shares/shares.routes';
import { imagesErrors } from './images.errors';
import { sendImage } from './images.routes';
import type { ImagesService } from './images.service';

/** Who owns a public page's images and the text that shows them; null when the page is not public (any more). */
export type ImageSource = () => Promise<{ tenantId: string; content: DocJSON } | null>;

/**
 * The images of public pages, each under its page's own address: /share/{slug}/images/{id},
 * /blog/{slug}/images/{id}, /updates/{slug}/images/{id} (docs/IMAGES.md "Public pages"). An image
 * answers only while its page does, and only when the page's text shows it (an id of the owner's
 * other images, or of another tenant's, is 404). Revalidated on every view (`no-cache`, with the id
 * as ETag), so switching the share off or unpublishing stops it at once.
 */
export const publicImagesRoutes: FastifyPluginAsync<{
  images: ImagesService;
  shareSource: (slug: string) => ReturnType<ImageSource>;
  postSource: (category: PostCategory, slug: string) => ReturnType<ImageSource>;
}> = async (app, { images, shareSource, postSource }) => {
  const config = { public: true, rateLimit: shareReadRateLimit };

  async function answer(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, source: ImageSource) {
    const id = req.params.id;
    const found = imageIdSchema.safeParse(id).success ? await source() : null;
    if (!found) throw imagesErrors.notFound();
    const image = await images.readShown({ tenantId: found.tenantId, id, content: found.content });
    const etag = `"${id}"`;
    void reply.header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).header('cache-control', 'public, no-cache').send();
    return sendImage(reply, image, { cacheControl: 'public, no-cache', crossOrigin: true });
  }

  app.get<{ Params: { slug: string; id: string } }>('/share/:slug/images/:id', { config }, async (req, reply) =>
    answer(req, reply, () => shareSource(req.params.slug)),
  );
  for (const category of POST_CATEGORIES as readonly PostCategory[]) {
    app.get<{ Params: { slug: string; id: string } }>(`/${category}/:slug/images/:id`, { config }, async (req, reply) =>
      answer(req, reply, async () => (postSlugSchema.safeParse(req.params.slug).success ? postSource(category, req.params.slug) : null)),
    );
  }
};
