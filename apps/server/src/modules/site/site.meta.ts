import { PRODUCT_NAME } from '@bree/contracts';
import { metaHead, type PageMeta } from './site.html';

/** The landing page's preview image (site.routes.ts), its title drawn on the card. */
export const LANDING_PREVIEW_PATH = '/preview.png';
export const LANDING_CARD = { title: 'Write faster, and still sound like you.', author: 'The AI writing studio that learns your voice', label: PRODUCT_NAME };

/**
 * The SPA's public pages (apps/web/src/public/pages.tsx), which the server sends as the built
 * index.html with these lines in its head: a crawler or a link preview reads them without running
 * the app. Titles follow useDocumentTitle ('Privacy Policy · Bree').
 */
export const SPA_PUBLIC_PAGES: Record<string, { title: string; documentTitle: string; description: string }> = {
  '/': {
    title: `${PRODUCT_NAME} — write faster, and still sound like you`,
    documentTitle: PRODUCT_NAME,
    description: `${PRODUCT_NAME} is an AI writing studio that learns your voice from your own samples and rewrites, expands and tightens your drafts in it, with any model you choose. Open and self-hostable.`,
  },
  '/privacy': {
    title: 'Privacy Policy',
    documentTitle: `Privacy Policy · ${PRODUCT_NAME}`,
    description: `What ${PRODUCT_NAME} collects, why, and what it never does with your writing: it is not used to train AI models, and workspaces are isolated.`,
  },
  '/terms': {
    title: 'Terms of Service',
    documentTitle: `Terms of Service · ${PRODUCT_NAME}`,
    description: `The terms of using ${PRODUCT_NAME}: accounts, your content, AI credits, changes and liability.`,
  },
  '/security': {
    title: 'Security',
    documentTitle: `Security · ${PRODUCT_NAME}`,
    description: `How ${PRODUCT_NAME} keeps writing safe: isolated workspaces, encryption in transit, sign-in, backups and reporting a problem.`,
  },
};

/** A path as the public pages read it: one trailing slash allowed. */
export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The page's metadata on PUBLIC_URL, the landing with its preview image. */
export function spaPageMeta(pathname: string, origin: string): PageMeta | null {
  const page = SPA_PUBLIC_PAGES[pathname];
  if (!page) return null;
  const canonical = pathname === '/' ? `${origin}/` : `${origin}${pathname}`;
  return {
    title: page.title,
    description: page.description,
    canonical,
    type: 'website',
    ...(pathname === '/' ? { image: `${origin}${LANDING_PREVIEW_PATH}`, imageAlt: `${PRODUCT_NAME}: ${LANDING_CARD.title}` } : {}),
  };
}

/**
 * The built index.html with a page's title and metadata: the generic description is replaced,
 * the rest goes before </head>. Null when the file is not shaped as the build writes it.
 */
export function withPageMeta(indexHtml: string, pathname: string, origin: string): string | null {
  const meta = spaPageMeta(pathname, origin);
  const page = SPA_PUBLIC_PAGES[pathname];
  if (!meta || !page || !/<title>[^<]*<\/title>/.test(indexHtml) || !indexHtml.includes('</head>')) return null;
  const title = page.documentTitle.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return indexHtml
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${metaHead(meta)}</head>`);
}
