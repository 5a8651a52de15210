import { PRODUCT_NAME } from '@bree/contracts';

/** Text safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What search engines and link previews read of one public page (docs/PUBLIC-SITE.md "Metadata"). */
export interface PageMeta {
  /** The page's own title, without the site's name (og:title, twitter:title). */
  title: string;
  description: string;
  /** Absolute URL on PUBLIC_URL. */
  canonical: string;
  type: 'website' | 'article';
  /** Absolute URL of a 1200×630 PNG. */
  image?: string;
  imageAlt?: string;
  /** Schema.org data, written as one JSON-LD block. */
  jsonLd?: Record<string, unknown>;
  publishedTime?: string;
  modifiedTime?: string;
  /** The page's tags (article:tag). */
  tags?: readonly string[];
}

/**
 * JSON inside a <script> data block: `<` is escaped so no text in it can close the element
 * (a title reading '</script>' stays text), and the two line separators JavaScript once refused.
 */
export function jsonLdBlock(data: Record<string, unknown>): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>\n`;
}

const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`;

/** The head lines of a page's metadata: description, canonical link, Open Graph, Twitter card and JSON-LD. */
export function metaHead(page: PageMeta): string {
  let head =
    meta('name', 'description', page.description) +
    `<link rel="canonical" href="${escapeHtml(page.canonical)}">\n` +
    meta('property', 'og:type', page.type) +
    meta('property', 'og:site_name', PRODUCT_NAME) +
    meta('property', 'og:title', page.title) +
    meta('property', 'og:description', page.description) +
    meta('property', 'og:url', page.canonical) +
    meta('property', 'og:locale', 'en_US');
  if (page.image) {
    head +=
      meta('property', 'og:image', page.image) +
      meta('property', 'og:image:type', 'image/png') +
      meta('property', 'og:image:width', '1200') +
      meta('property', 'og:image:height', '630') +
      meta('property', 'og:image:alt', page.imageAlt ?? page.title);
  }
  if (page.publishedTime) head += meta('property', 'article:published_time', page.publishedTime);
  if (page.modifiedTime) head += meta('property', 'article:modified_time', page.modifiedTime);
  for (const tag of page.tags ?? []) head += meta('property', 'article:tag', tag);
  head +=
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary') +
    meta('name', 'twitter:title', page.title) +
    meta('name', 'twitter:description', page.description);
  if (page.image) head += meta('name', 'twitter:image', page.image) + meta('name', 'twitter:image:alt', page.imageAlt ?? page.title);
  if (page.jsonLd) head += jsonLdBlock(page.jsonLd);
  return head;
}

/** Schema.org `Article` of a post or a shared document. */
export function articleJsonLd(a: {
  title: string;
  description: string;
  url: string;
  image?: string;
  published?: string;
  modified?: string;
  author: string;
  wordCount?: number;
  keywords?: readonly string[];
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.title.length > 110 ? `${[...a.title].slice(0, 109).join('')}…` : a.title,
    description: a.description,
    url: a.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': a.url },
    ...(a.image ? { image: [a.image] } : {}),
    ...(a.published ? { datePublished: a.published } : {}),
    ...(a.modified ? { dateModified: a.modified } : {}),
    author: { '@type': 'Organization', name: a.author },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
    ...(a.wordCount !== undefined ? { wordCount: a.wordCount } : {}),
    ...(a.keywords && a.keywords.length > 0 ? { keywords: a.keywords.join(', ') } : {}),
  };
}
