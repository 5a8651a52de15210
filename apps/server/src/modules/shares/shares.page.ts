import { createHash } from 'node:crypto';
import { authorshipLine, PRODUCT_NAME, SHARE_MESSAGES, type SharedDocument } from '@bree/contracts';
import { normalizeDoc, type DocJSON } from '@bree/editor';
import { docToHtmlLazily } from '../files/files.port';
import { withImageUrls } from '../images/images.content';
import { sharePageDescription } from './shares.meta';
import { articleJsonLd, escapeHtml, metaHead } from '../site/site.html';
import { publicPage } from '../site/site.page';
import type { PreviewCard } from '../site/site.preview';
import { SHARE_PAGE_CSS } from './shares.page-style';

// The site's page frame and escaping, where the shared pages' callers have always found them.
export { escapeHtml } from '../site/site.html';
export { publicPage } from '../site/site.page';

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

/** The preview card of a shared document: its title, and the authorship line only where the author chose to show it. */
export function sharePreviewCard(document: SharedDocument): PreviewCard {
  const { title, authorship } = document.metadata;
  return { title, author: authorship ? authorshipLine(authorship) : `Shared with ${PRODUCT_NAME}`, label: 'Shared document' };
}

/** The share page's link that copies the document into the reader's own account (docs/SHARING.md "Make a copy"). */
export const SHARE_COPY_LABEL = 'Make a copy';

/** The complete page of a shared document: readable without JavaScript, with search and social-preview metadata. */
export async function renderSharedPage({
  document,
  url,
  slug,
  image,
}: {
  document: SharedDocument;
  url: string;
  slug: string;
  image?: string;
}): Promise<string> {
  const { title, lastModified, authenticity, authorship, wordCount } = document.metadata;
  const description = sharePageDescription(document.content as DocJSON, title);
  const head = metaHead({
    title,
    description,
    canonical: url,
    type: 'article',
    ...(image ? { image, imageAlt: `${title}, shared with ${PRODUCT_NAME}` } : {}),
    modifiedTime: lastModified,
    ...(authenticity ? { tags: [authenticity] } : {}),
    jsonLd: articleJsonLd({
      title,
      description,
      url,
      ...(image ? { image } : {}),
      published: document.shareInfo.createdAt,
      modified: lastModified,
      author: `A ${PRODUCT_NAME} writer`,
      wordCount,
      ...(authenticity ? { keywords: [authenticity] } : {}),
    }),
  });
  const badge = authenticity ? `<span class="badge" title="Authenticity">${escapeHtml(authenticity)}</span>` : '';
  // Present only when the author chose to show it (presentShared); no line for a document without text.
  const line = authorship ? authorshipLine(authorship) : null;
  const figure = line ? `<span class="authorship">${escapeHtml(line)}</span>` : '';
  // A plain link (the page runs no script): the app signs the reader in first, then makes the copy.
  const copyLink = `<a class="copy" href="/app?copy=${encodeURIComponent(slug)}" rel="nofollow">${SHARE_COPY_LABEL}</a>`;
  const body = `<main>
<article>
<h1 class="doc-title">${escapeHtml(title)}</h1>
<div class="byline">${badge}${figure}${copyLink}</div>
<div class="bree-prose">${await sharedBodyHtml(document.content, url)}</div>
</article>
</main>`;
  // The page's footer says when the document last changed (its spec: 'a footer with the last-updated date').
  const footerNote = `Last updated <time datetime="${escapeHtml(lastModified)}">${longDate(lastModified)}</time>`;
  return publicPage({ title: `${title} | ${PRODUCT_NAME}`, head, body, footerNote });
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
