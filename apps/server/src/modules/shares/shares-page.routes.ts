import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { renderInvalidLinkPage, renderSharedPage, renderUnavailablePage, SHARE_PAGE_CSP } from './shares.page';
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
export const sharePageRoutes: FastifyPluginAsync<{ shares: SharesService }> = async (app, { shares }) => {
  app.get<{ Params: { slug: string } }>('/share/:slug', { config: { public: true, rateLimit: shareReadRateLimit } }, async (req, reply) => {
    // A HEAD (link checkers, previews probing) is not a reader: only a GET may count a view.
    const reader = req.method === 'GET' ? { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' } : null;
    const found = await shares.view({ slug: req.params.slug, reader });
    if (!found) return sendPage(reply, 404, renderUnavailablePage(), false);
    return sendPage(reply, 200, await renderSharedPage({ document: found.document, url: shares.urlOf(found.slug) }), true);
  });

  app.get('/share', { config: { public: true } }, async (_req, reply) => sendPage(reply, 400, renderInvalidLinkPage(), false));
};
