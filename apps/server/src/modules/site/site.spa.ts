import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME, type PublicConfig } from '@bree/contracts';
import { commonErrors } from '../../lib/errors';
import { SHARE_PAGE_CSP } from '../shares/shares.page';
import { SITE_FILES } from './site.routes';
import { normalisePath, SPA_PUBLIC_PAGES, withPageMeta } from './site.meta';
import { publicPage } from './site.page';
import { loadPublicRenderer, RENDERER_PATH, withRenderedPage } from './site.prerender';

/**
 * The paths the web app's router owns (apps/web/src/app/router.tsx), answered with index.html.
 * /share, /blog and /updates are the server's own pages; every other path is not a page (404).
 */
const SPA_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/app(\/trash|\/[^/]+)?$/,
  // An invitation's link and a document someone shared with the caller (docs/SHARING.md "People").
  /^\/app\/(invite|shared)\/[^/]+$/,
  /^\/(account|callback|silent-callback|subscription|privacy|terms|security|api-test)$/,
  /^\/billing\/(success|cancel)$/,
  /^\/admin(\/.*)?$/,
];

export const isSpaRoute = (pathname: string) => SPA_ROUTES.some((route) => route.test(normalisePath(pathname)));

/** Hashed build assets never change, so browsers keep them a year; anything else is asked for again. */
export function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep);
  return relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The path a URL spells once percent-escapes, doubled slashes and dot segments are read as a
 * router or a browser would: `//api/x`, `/%61pi/x` and `/a/../api/x` all spell `/api/x`. Used only
 * to answer an unknown path in the API's own way; access is decided on the matched route.
 */
export function spelledPath(url: string): string {
  const raw = url.split('?')[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A broken escape stays as it was.
  }
  return path.posix.normalize(decoded.replace(/\/{2,}/g, '/'));
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Sends HTML brotli- or gzip-compressed as the browser accepts (brotli first). The not-found
 * handler has no route for @fastify/compress to hook into, so its pages are compressed here, at
 * the plugin's own brotli quality.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const wants = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?(,|$))([;,]|$)`, 'i').test(accepts);
  reply.header('vary', 'accept-encoding');
  if (wants('br')) return reply.header('content-encoding', 'br').send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (wants('gzip')) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}

/** The site's 404 page: its header (navigation, sign-in) and footer around the message. */
export function renderNotFoundPage(): string {
  return publicPage({
    title: `Page not found | ${PRODUCT_NAME}`,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main class="unavailable">
<h1><span class="lead">Page not found</span> <span class="why">The page you were looking for doesn't exist or has moved.</span></h1>
<a class="cta" href="/">Go to the home page</a>
</main>`,
  });
}

/**
 * Serves the built web app: files as built (precompressed), index.html for the app's own routes,
 * the public pages as full HTML with their title and metadata (rendered by the build's renderer
 * with `publicConfig`, then hydrated in the browser), and the 404 page for every other path a
 * browser asks for.
 */
export async function registerSpa(
  app: FastifyInstance,
  { webDistDir, publicUrl, publicConfig }: { webDistDir: string | undefined; publicUrl: string; publicConfig: PublicConfig },
): Promise<void> {
  const distDir = path.resolve(webDistDir ?? path.join(import.meta.dirname, '../../../../web/dist'));
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; a browser that accepts them gets those bytes.
      preCompressed: true,
      // The server writes these itself (site.routes.ts); a build that still carries a copy must not claim the path.
      // The public pages' server renderer is read by this process, never sent.
      globIgnore: [...SITE_FILES.map((f) => f.slice(1)), `${path.dirname(RENDERER_PATH)}/**`],
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(distDir, filePath)),
    });
  }
  // Made again whenever the build's index.html changes (a build over a running server), never
  // naming assets that are gone. Each page is rendered once per build: its HTML depends only on the
  // configuration, which is fixed for the process.
  let built: { mtimeMs: number; pages: Promise<Map<string, string | null>> } = { mtimeMs: -1, pages: Promise.resolve(new Map()) };
  const spaPublicPage = async (pathname: string): Promise<string | null> => {
    if (!(pathname in SPA_PUBLIC_PAGES)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== built.mtimeMs) built = { mtimeMs, pages: buildPublicPages(distDir, readFileSync(indexFile, 'utf8'), publicUrl, publicConfig, app.log) };
    return (await built.pages).get(pathname) ?? null;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = /^\/api(\/|$)/.test(spelledPath(request.url));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw commonErrors.notFound(isApi ? `No API route ${request.method} ${request.url.split('?')[0]}.` : 'Not found.');
    }
    const pathname = request.url.split('?')[0]!;
    if (hasSpa) {
      const file = pathname.replace(/^\/+/, '');
      const servable = file && !file.includes('..') && !file.endsWith('/') && !file.startsWith(path.dirname(RENDERER_PATH) + '/');
      if (servable && existsSync(path.join(distDir, file))) return reply.sendFile(file);
      const page = await spaPublicPage(normalisePath(pathname));
      if (page) return sendCompressed(request, reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'), page);
      if (isSpaRoute(pathname)) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    } else if (isSpaRoute(pathname)) {
      throw commonErrors.notFound('Not found.');
    }
    return sendCompressed(
      request,
      reply
        .status(404)
        .header('content-security-policy', SHARE_PAGE_CSP)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8'),
      renderNotFoundPage(),
    );
  });
}

/**
 * The public pages of one build: the shell with each page's metadata and, where the build has its
 * renderer, the page's own HTML. A page the renderer fails on goes out as the shell (the browser
 * renders it), logged, so a rendering bug never takes the landing page down.
 */
async function buildPublicPages(
  distDir: string,
  indexHtml: string,
  publicUrl: string,
  publicConfig: PublicConfig,
  log: FastifyInstance['log'],
): Promise<Map<string, string | null>> {
  let render: Awaited<ReturnType<typeof loadPublicRenderer>> = null;
  try {
    render = await loadPublicRenderer(distDir);
  } catch (error) {
    log.error({ err: error }, 'the public pages renderer could not be loaded; they render in the browser');
  }
  const pages = new Map<string, string | null>();
  for (const pathname of Object.keys(SPA_PUBLIC_PAGES)) {
    const shell = withPageMeta(indexHtml, pathname, publicUrl);
    let page = shell;
    if (shell && render) {
      try {
        const html = render(pathname, publicConfig);
        if (html) page = withRenderedPage(shell, html, publicConfig) ?? shell;
      } catch (error) {
        log.error({ err: error, pathname }, 'a public page could not be rendered; it renders in the browser');
      }
    }
    pages.set(pathname, page);
  }
  return pages;
}
