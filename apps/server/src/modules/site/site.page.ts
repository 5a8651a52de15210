import { PRODUCT_NAME } from '@bree/contracts';
import { SHARE_PAGE_CSS } from '../shares/shares.page-style';
import { escapeHtml } from './site.html';

/** The site's navigation, the same on every server-rendered page as on the SPA's public pages (app/PublicLayout.tsx). */
const NAV = [
  { label: 'Blog', href: '/blog' },
  { label: 'Updates', href: '/updates' },
  { label: 'Security', href: '/security' },
];

const FOOTER_COLUMNS = [
  { title: 'Product', links: [NAV[0]!, NAV[1]!] },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', href: '/privacy' },
      { label: 'Terms', href: '/terms' },
    ],
  },
  { title: 'Trust', links: [NAV[2]!] },
];

const link = (l: { label: string; href: string }) => `<a href="${l.href}">${l.label}</a>`;

/**
 * The header: wordmark, navigation and the way in. 'Sign in' is a plain link to /app, which
 * starts the sign-in for a visitor without a session (the pages run no script of their own).
 */
function siteHeader(): string {
  return `<header class="top"><a class="brand" href="/">${PRODUCT_NAME}</a>
<nav class="site-nav" aria-label="Site">${NAV.map(link).join('')}</nav>
<div class="actions"><a class="signin" href="/app">Sign in</a><a class="cta" href="/">Create Your Own</a></div></header>`;
}

/** The site's footer; `note` (a shared document's date) is its first line, kept on paper where the links are not. */
function siteFooter(note?: string): string {
  const columns = FOOTER_COLUMNS.map(
    (c) => `<nav aria-label="${c.title}"><p class="col-title">${c.title}</p><ul>${c.links.map((l) => `<li>${link(l)}</li>`).join('')}</ul></nav>`,
  ).join('');
  const first = note ? `<p class="page-foot">${note}</p>` : '';
  return `<footer class="site-foot">${first}<div class="cols"><div><p class="col-title">${PRODUCT_NAME}</p><p>Write in your own voice.</p></div>${columns}</div></footer>`;
}

/**
 * Every public page rendered on the server (shared documents, /blog, /updates, the 404 page): the
 * site's header and footer around the page's main part, one stylesheet (allowed by hash in
 * SHARE_PAGE_CSP), no script to run (a JSON-LD data block in the head is read, never executed).
 */
export function publicPage({ title, head, body, footerNote }: { title: string; head: string; body: string; footerNote?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>${SHARE_PAGE_CSS}</style>
</head>
<body>
${siteHeader()}
${body}
${siteFooter(footerNote)}
</body>
</html>
`;
}
