import type {} from '@fastify/rate-limit';
import { POST_CATEGORIES, postSlugSchema, type PostCategory } from '@bree/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SHARE_PAGE_CSP } from '../shares/shares.page';
import { shareReadRateLimit } from '../shares/shares.routes';
import { renderFeed } from './publishing.feed';
import { previewReply } from '../site/site.routes';
import type { PreviewImages } from '../site/site.preview';
import { postPreviewCard, renderPost, renderPostList, renderPostNotFound } from './publishing.page';
import type { PublishingService } from './publishing.service';

/** Sends a public page with the shared pages' headers: the strict CSP, and no caching, so an unpublished post is gone at once. */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-security-policy', SHARE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', status === 200 ? 'all' : 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * /blog, /updates, their posts and RSS feeds, rendered on the server before the SPA fallback:
 * readers without JavaScript and crawlers get the whole page. No cookie or token is read.
 */
export const publishingPageRoutes: FastifyPluginAsync<{ publishing: PublishingService; origin: string; previews: PreviewImages }> = async (
  app,
  { publishing, origin, previews },
) => {
  const config = { public: true, rateLimit: shareReadRateLimit };
  for (const category of POST_CATEGORIES as readonly PostCategory[]) {
    app.get(`/${category}`, { config }, async (_req, reply) =>
      sendPage(reply, 200, renderPostList({ category, posts: await publishing.listPublished(category), origin })),
    );

    app.get(`/${category}/rss.xml`, { config }, async (_req, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/rss+xml; charset=utf-8')
        .send(await renderFeed({ category, posts: await publishing.listPublished(category), origin })),
    );

    // A slug the rule cannot produce names no post: answered without a query.
    const find = (slug: string) => (postSlugSchema.safeParse(slug).success ? publishing.findPublished(category, slug) : null);

    app.get<{ Params: { slug: string } }>(`/${category}/:slug`, { config }, async (req, reply) => {
      const post = await find(req.params.slug);
      if (!post) return sendPage(reply, 404, renderPostNotFound(category));
      // The card's content hash in its address: a link preview that cached an older card fetches the new one.
      const image = `${publishing.urlOf(category, post.slug)}/preview.png?v=${previews.keyOf(postPreviewCard(post))}`;
      return sendPage(reply, 200, await renderPost({ post, origin, image }));
    });

    // The preview image (og:image), gone with the post.
    app.get<{ Params: { slug: string } }>(`/${category}/:slug/preview.png`, { config }, async (req, reply) => {
      const post = await find(req.params.slug);
      if (!post) return sendPage(reply, 404, renderPostNotFound(category));
      return previewReply(reply, previews, postPreviewCard(post));
    });
  }
};
