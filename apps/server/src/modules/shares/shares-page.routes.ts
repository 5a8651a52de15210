import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { previewReply } from '../site/site.routes';
import type { PreviewImages } from '../site/site.preview';
import { renderInvalidLinkPage, renderSharedPage, renderUnavailablePage, SHARE_PAGE_CSP, sharePreviewCard } from './shares.page';
import { shareReadRateLimit } from './shares.routes';
import type { SharesService } from './shares.service';

/** Sends a share page with its own headers: the strict CSP, no caching, and robots told what the share state allows. */
function sendPage(reply: FastifyReply, status: number, html: string, indexable: boolean) {
  return reply
    .status(status)
    .header('content-security-policy', SHARE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', indexable ? 'all' : 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * /share/{slug} rendered on the server, before the SPA fallback: the first answer is the whole
 * document, so readers without JavaScript and crawlers read it. No cookie or token is read or set.
 */
export const sharePageRoutes: FastifyPluginAsync<{ shares: SharesService; previews: PreviewImages }> = async (app, { shares, previews }) => {
  app.get<{ Params: { slug: string } }>('/share/:slug', { config: { public: true, rateLimit: shareReadRateLimit } }, async (req, reply) => {
    // A HEAD (link checkers, previews probing) is not a reader: only a GET may count a view.
    const reader = req.method === 'GET' ? { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' } : null;
    const found = await shares.view({ slug: req.params.slug, reader });
    if (!found) return sendPage(reply, 404, renderUnavailablePage(), false);
    const url = shares.urlOf(found.slug);
    // The card's content hash in its address: a link preview that cached an older card fetches the new one.
    const image = `${url}/preview.png?v=${previews.keyOf(sharePreviewCard(found.document))}`;
    return sendPage(reply, 200, await renderSharedPage({ document: found.document, url, slug: found.slug, image }), true);
  });

  // The preview image (og:image): gone with the share, like the page (404, nothing drawn).
  app.get<{ Params: { slug: string } }>('/share/:slug/preview.png', { config: { public: true, rateLimit: shareReadRateLimit } }, async (req, reply) => {
    const found = await shares.view({ slug: req.params.slug, reader: null });
    if (!found) return sendPage(reply, 404, renderUnavailablePage(), false);
    return previewReply(reply, previews, sharePreviewCard(found.document));
  });

  app.get('/share', { config: { public: true } }, async (_req, reply) => sendPage(reply, 400, renderInvalidLinkPage(), false));
};
