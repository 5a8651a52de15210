import { createHash } from 'node:crypto';
import { authorshipLine, PRODUCT_NAME, SHARE_MESSAGES, type SharedDocument } from '@bree/contracts';
import { normalizeDoc, type DocJSON } from '@bree/editor';
import { docToHtmlLazily } from '../files/files.port';
import { withImageUrls } from '../images/images.content';
import { sharePageDescription } from './shares.meta';
import { SHARE_PAGE_CSS } from './shares.page-style';

/** Text safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The shared page's Content-Security-Policy: no script at all, no forms, no framing; the one
 * stylesheet is allowed by its hash, so not even a style can come from the document. Same-origin
 * connections are allowed for tools that read the page's robots.txt from inside it (audits); with
 * no script able to run, the page itself can open none.
 */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "connect-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(SHARE_PAGE_CSS).digest('base64')}'`,
  "img-src 'self' data: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The document's body: Bree's schema renders it (only its nodes and marks; text is escaped, links
 * keep http, https and mailto only, even in a document stored before that rule). A reader's page also tells search engines not to vouch
 * for the links, so spam pasted into a document earns nothing. Stored images are drawn from
 * `pageUrl`/images/{id}, which answers only while the page is public (docs/IMAGES.md); without a
 * `pageUrl` an image is its alt text.
 */
export async function sharedBodyHtml(content: unknown, pageUrl?: string): Promise<string> {
  const doc = withImageUrls(normalizeDoc(content as DocJSON), (id) => (pageUrl ? `${pageUrl}/images/${id}` : null));
  return (await docToHtmlLazily(doc)).replaceAll('rel="noopener noreferrer"', 'rel="noopener noreferrer nofollow"');
}

/** "November 23, 2026", the same wherever the server runs. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * Every public page rendered on the server (shared documents, /blog, /updates): one frame, one
 * stylesheet (allowed by hash in SHARE_PAGE_CSP), no script.
 */
export function publicPage({ title, head, body }: { title: string; head: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}<style>${SHARE_PAGE_CSS}</style>
</head>
<body>
<header class="top"><a class="brand" href="/">${PRODUCT_NAME}</a><a class="cta" href="/">Create Your Own</a></header>
${body}
</body>
</html>
`;
}

/** The complete page of a shared document: readable without JavaScript, with search and social-preview metadata. */
export async function renderSharedPage({ document, url }: { document: SharedDocument; url: string }): Promise<string> {
  const { title, lastModified, authenticity, authorship } = document.metadata;
  const description = sharePageDescription(document.content as DocJSON, title);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`;
  const head =
    meta('name', 'description', description) +
    `<link rel="canonical" href="${escapeHtml(url)}">\n` +
    meta('property', 'og:type', 'article') +
    meta('property', 'og:site_name', PRODUCT_NAME) +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', description) +
    meta('property', 'og:url', url) +
    meta('property', 'article:modified_time', lastModified) +
    meta('name', 'twitter:card', 'summary') +
    meta('name', 'twitter:title', title) +
    meta('name', 'twitter:description', description);
  const badge = authenticity ? `<span class="badge" title="Authenticity">${escapeHtml(authenticity)}</span>` : '';
  // Present only when the author chose to show it (presentShared); no line for a document without text.
  const line = authorship ? authorshipLine(authorship) : null;
  const figure = line ? `<span class="authorship">${escapeHtml(line)}</span>` : '';
  const body = `<main>
<article>
<h1 class="doc-title">${escapeHtml(title)}</h1>
<div class="byline">${badge}${figure}</div>
<div class="bree-prose">${await sharedBodyHtml(document.content, url)}</div>
</article>
</main>
<footer>Last updated <time datetime="${escapeHtml(lastModified)}">${longDate(lastModified)}</time></footer>`;
  return publicPage({ title: `${title} | ${PRODUCT_NAME}`, head, body });
}

/** Unknown, switched-off and replaced links all get this page (with 404), so none reveals it ever existed. */
export function renderUnavailablePage(): string {
  return publicPage({
    title: SHARE_MESSAGES.unavailableTitle,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main class="unavailable">
<h1><span class="lead">${SHARE_MESSAGES.unavailableTitle}:</span> <span class="why">${SHARE_MESSAGES.unavailableBody}</span></h1>
<a class="cta" href="/">Create Your Own</a>
</main>`,
  });
}

/** /share without a slug. */
export function renderInvalidLinkPage(): string {
  return publicPage({
    title: SHARE_MESSAGES.invalidLink,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main class="unavailable">
<h1>${SHARE_MESSAGES.invalidLink}</h1>
<a class="cta" href="/">Create Your Own</a>
</main>`,
  });
}
