import { PRODUCT_NAME, type PostCategory } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { sharePageDescription } from '../shares/shares.meta';
import { escapeHtml, longDate, publicPage, sharedBodyHtml } from '../shares/shares.page';
import type { PublishedRecord } from './publishing.repository';

/** How each category presents itself to readers. */
export const CATEGORY_PAGES: Record<PostCategory, { title: string; lead: string }> = {
  blog: { title: 'Blog', lead: `Essays and stories from ${PRODUCT_NAME}.` },
  updates: { title: 'Updates', lead: `What is new in ${PRODUCT_NAME}, newest first.` },
};

const iso = (d: Date | string | null) => new Date(d ?? 0).toISOString();
const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`;

/** A post's description: its excerpt, else the shared pages' rule over its text. */
export function postDescription(post: PublishedRecord): string {
  return post.excerpt.trim() || sharePageDescription(post.content as DocJSON, post.title);
}

function feedLink(category: PostCategory, origin: string): string {
  return `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${PRODUCT_NAME} ${CATEGORY_PAGES[category].title}`)}" href="${escapeHtml(`${origin}/${category}/rss.xml`)}">\n`;
}

/** /blog or /updates: every published post of the category, newest first, with its feed. */
export function renderPostList({ category, posts, origin }: { category: PostCategory; posts: PublishedRecord[]; origin: string }): string {
  const { title, lead } = CATEGORY_PAGES[category];
  const url = `${origin}/${category}`;
  const head =
    meta('name', 'description', lead) +
    `<link rel="canonical" href="${escapeHtml(url)}">\n` +
    feedLink(category, origin) +
    meta('property', 'og:type', 'website') +
    meta('property', 'og:site_name', PRODUCT_NAME) +
    meta('property', 'og:title', `${title} | ${PRODUCT_NAME}`) +
    meta('property', 'og:description', lead) +
    meta('property', 'og:url', url);
  const items = posts
    .map(
      (p) => `<li><article>
<h2><a href="/${category}/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a></h2>
<time datetime="${iso(p.published_at)}">${longDate(iso(p.published_at))}</time>
<p>${escapeHtml(postDescription(p))}</p>
</article></li>`,
    )
    .join('\n');
  const list = posts.length > 0 ? `<ul class="posts">\n${items}\n</ul>` : '<p class="page-lead">Nothing has been published here yet.</p>';
  const body = `<main>
<h1 class="page-title">${title}</h1>
<p class="page-lead">${escapeHtml(lead)}</p>
${list}
</main>
<footer class="feed">Follow with <a href="/${category}/rss.xml">RSS</a></footer>`;
  return publicPage({ title: `${title} | ${PRODUCT_NAME}`, head, body });
}

/** One post, rendered from the tree stored at publishing, with search and social-preview metadata. */
export async function renderPost({ post, origin }: { post: PublishedRecord; origin: string }): Promise<string> {
  const url = `${origin}/${post.category}/${post.slug}`;
  const description = postDescription(post);
  const published = iso(post.published_at);
  const head =
    meta('name', 'description', description) +
    `<link rel="canonical" href="${escapeHtml(url)}">\n` +
    feedLink(post.category, origin) +
    meta('property', 'og:type', 'article') +
    meta('property', 'og:site_name', PRODUCT_NAME) +
    meta('property', 'og:title', post.title) +
    meta('property', 'og:description', description) +
    meta('property', 'og:url', url) +
    meta('property', 'article:published_time', published) +
    meta('name', 'twitter:card', 'summary') +
    meta('name', 'twitter:title', post.title) +
    meta('name', 'twitter:description', description);
  const body = `<main>
<article>
<p class="feed"><a href="/${post.category}">${CATEGORY_PAGES[post.category].title}</a></p>
<h1 class="doc-title">${escapeHtml(post.title)}</h1>
<div class="byline"><time datetime="${published}">${longDate(published)}</time></div>
<div class="bree-prose">${await sharedBodyHtml(post.content, url)}</div>
</article>
</main>
<footer class="feed">Follow with <a href="/${post.category}/rss.xml">RSS</a></footer>`;
  return publicPage({ title: `${post.title} | ${PRODUCT_NAME}`, head, body });
}

/** An unknown or unpublished post's address (404): the same page either way. */
export function renderPostNotFound(category: PostCategory): string {
  return publicPage({
    title: `Post not found | ${PRODUCT_NAME}`,
    head: '<meta name="robots" content="noindex">\n',
    body: `<main class="unavailable">
<h1><span class="lead">Post not found:</span> <span class="why">This post may have been unpublished, or its address has changed.</span></h1>
<a class="cta" href="/${category}">See all ${CATEGORY_PAGES[category].title.toLowerCase()}</a>
</main>`,
  });
}
