import type {} from '@fastify/rate-limit';
import { POST_CATEGORIES, type PostCategory } from '@bree/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PublishingService } from '../publishing/publishing.service';
import { shareReadRateLimit } from '../shares/shares.routes';
import type { SharesService } from '../shares/shares.service';
import { escapeHtml } from './site.html';
import { LANDING_CARD, LANDING_PREVIEW_PATH, SPA_PUBLIC_PAGES } from './site.meta';
import type { PreviewImages, PreviewCard } from './site.preview';

/** The files the server writes itself, which no build may serve. */
export const SITE_FILES = ['/robots.txt', '/sitemap.xml', '/favicon.ico'] as const;
/** A sitemap file holds at most 50,000 addresses; shared documents get what the pages and posts leave. */
const SITEMAP_SHARES = 45_000;

/** Sends a preview image: cached a day by browsers and link previews (its address changes with what it shows only through the page). */
export function sendPreview(reply: FastifyReply, png: Buffer) {
  return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(png);
}

/** A preview card, drawn (or taken from the cache) and sent. */
export async function previewReply(reply: FastifyReply, previews: PreviewImages, card: PreviewCard) {
  return sendPreview(reply, await previews.png(card));
}

const url = (loc: string, lastmod?: Date | string | null) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;

/**
 * robots.txt, sitemap.xml and the landing page's preview image (docs/PUBLIC-SITE.md). The sitemap
 * is read from the database on every request, so an unshared document or unpublished post leaves
 * it at once.
 */
export const siteRoutes: FastifyPluginAsync<{ shares: SharesService; publishing: PublishingService; previews: PreviewImages; origin: string }> = async (
  app,
  { shares, publishing, previews, origin },
) => {
  const config = { public: true, rateLimit: shareReadRateLimit };

  app.get('/robots.txt', { config }, async (_req, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /app',
          'Disallow: /api/',
          'Disallow: /oidc/',
          'Disallow: /interaction/',
          'Disallow: /admin',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { config }, async (_req, reply) => {
    const categories = POST_CATEGORIES as readonly PostCategory[];
    const [posts, shared] = await Promise.all([Promise.all(categories.map((c) => publishing.listPublished(c))), shares.listShared(SITEMAP_SHARES)]);
    const lines = [
      ...Object.keys(SPA_PUBLIC_PAGES).map((p) => url(p === '/' ? `${origin}/` : `${origin}${p}`)),
      ...categories.map((c, i) => url(`${origin}/${c}`, posts[i]![0]?.published_at)),
      ...posts.flat().map((p) => url(`${origin}/${p.category}/${p.slug}`, p.published_at)),
      ...shared.map((s) => url(s.url, s.lastModified)),
    ];
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`);
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the sign-in pages, the issuer's own): the
  // site's icon answers, where a 404 would be logged in every visitor's console.
  app.get('/favicon.ico', { config: { public: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/icon.svg', 301),
  );

  app.get(LANDING_PREVIEW_PATH, { config }, async (_req, reply) => previewReply(reply, previews, LANDING_CARD));
};
