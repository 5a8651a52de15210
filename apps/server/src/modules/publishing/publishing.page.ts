import { PRODUCT_NAME, type PostCategory } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { sharePageDescription } from '../shares/shares.meta';
import { longDate, sharedBodyHtml } from '../shares/shares.page';
import { articleJsonLd, escapeHtml, metaHead } from '../site/site.html';
import { publicPage } from '../site/site.page';
import type { PreviewCard } from '../site/site.preview';
import { coverImage, readingMinutes, withoutTitleLine } from './publishing.content';
import type { PublishedRecord } from './publishing.repository';

/** How each category presents itself to readers. */
export const CATEGORY_PAGES: Record<PostCategory, { title: string; lead: string }> = {
  blog: { title: 'Blog', lead: `Essays and stories from ${PRODUCT_NAME}.` },
  updates: { title: 'Updates', lead: `What is new in ${PRODUCT_NAME}, newest first.` },
};

const iso = (d: Date | string | null) => new Date(d ?? 0).toISOString();
const postUrl = (origin: string, post: PublishedRecord) => `${origin}/${post.category}/${post.slug}`;

/**
 * A post's description: its excerpt when it says more than the title, else the shared pages' rule
 * over its text after the title line (so it never just repeats the title).
 */
export function postDescription(post: PublishedRecord): string {
  const excerpt = post.excerpt.trim();
  if (excerpt && excerpt.toLowerCase() !== post.title.trim().toLowerCase()) return excerpt;
  return sharePageDescription(withoutTitleLine(post.content, post.title), post.title);
}

/** The post's preview card: its title, the category and how long it reads. */
export function postPreviewCard(post: PublishedRecord): PreviewCard {
  return {
    title: post.title,
    author: `${PRODUCT_NAME} ${CATEGORY_PAGES[post.category].title} · ${readingMinutes(post.content as DocJSON)} min read`,
    label: CATEGORY_PAGES[post.category].title,
  };
}

function feedLink(category: PostCategory, origin: string): string {
  return `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${PRODUCT_NAME} ${CATEGORY_PAGES[category].title}`)}" href="${escapeHtml(`${origin}/${category}/rss.xml`)}">\n`;
}

/** Date, reading time and the tag: the line under a post's title, on its page and in its list. */
function postFacts(post: PublishedRecord): string {
  const published = iso(post.published_at);
  const tag = post.tag ? `<span class="badge">${escapeHtml(post.tag)}</span>` : '';
  return `<time datetime="${published}">${longDate(published)}</time><span aria-hidden="true">·</span><span>${readingMinutes(post.content as DocJSON)} min read</span>${tag}`;
}

/** /blog or /updates: every published post of the category, newest first, each with its cover, facts and excerpt. */
export function renderPostList({ category, posts, origin }: { category: PostCategory; posts: PublishedRecord[]; origin: string }): string {
  const { title, lead } = CATEGORY_PAGES[category];
  const url = `${origin}/${category}`;
  const head =
    metaHead({
      title: `${title} | ${PRODUCT_NAME}`,
      description: lead,
      canonical: url,
      type: 'website',
      ...(posts[0] ? { image: `${origin}/preview.png` } : {}),
    }) + feedLink(category, origin);
  const items = posts
    .map((p) => {
      const cover = coverImage(p.content as DocJSON);
      // The image's public address answers only while the post is published (docs/IMAGES.md).
      const img = cover
        ? `<img class="cover" src="${escapeHtml(`${postUrl(origin, p)}/images/${cover.id}`)}" alt="${escapeHtml(cover.alt)}" loading="lazy">`
        : '';
      return `<li><article>
${img}<h2><a href="/${category}/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a></h2>
<div class="byline">${postFacts(p)}</div>
<p>${escapeHtml(postDescription(p))}</p>
</article></li>`;
    })
    .join('\n');
  const list = posts.length > 0 ? `<ul class="posts">\n${items}\n</ul>` : '<p class="page-lead">Nothing has been published here yet.</p>';
  const body = `<main>
<h1 class="page-title">${title}</h1>
<p class="page-lead">${escapeHtml(lead)}</p>
${list}
<p class="feed">Follow with <a href="/${category}/rss.xml">RSS</a></p>
</main>`;
  return publicPage({ title: `${title} | ${PRODUCT_NAME}`, head, body });
}

/** One post, rendered from the tree stored at publishing, with search and social-preview metadata. */
export async function renderPost({ post, origin, image }: { post: PublishedRecord; origin: string; image?: string }): Promise<string> {
  const url = postUrl(origin, post);
  const description = postDescription(post);
  const published = iso(post.published_at);
  const content = withoutTitleLine(post.content, post.title);
  const tags = post.tag ? [post.tag] : [];
  const head =
    metaHead({
      title: post.title,
      description,
      canonical: url,
      type: 'article',
      ...(image ? { image, imageAlt: `${post.title}, on the ${PRODUCT_NAME} ${CATEGORY_PAGES[post.category].title}` } : {}),
      publishedTime: published,
      modifiedTime: iso(post.updated_at),
      tags,
      jsonLd: articleJsonLd({
        title: post.title,
        description,
        url,
        ...(image ? { image } : {}),
        published,
        modified: iso(post.updated_at),
        author: PRODUCT_NAME,
        keywords: tags,
      }),
    }) + feedLink(post.category, origin);
  const body = `<main>
<article>
<p class="feed"><a href="/${post.category}">${CATEGORY_PAGES[post.category].title}</a></p>
<h1 class="doc-title">${escapeHtml(post.title)}</h1>
<div class="byline">${postFacts(post)}</div>
<div class="bree-prose">${await sharedBodyHtml(content, url)}</div>
<p class="feed">Follow with <a href="/${post.category}/rss.xml">RSS</a></p>
</article>
</main>`;
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
