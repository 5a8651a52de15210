import { PRODUCT_NAME, type PostCategory } from '@bree/contracts';
import { sharedBodyHtml } from '../shares/shares.page';
import { withoutTitleLine } from './publishing.content';
import { CATEGORY_PAGES, postDescription } from './publishing.page';
import type { PublishedRecord } from './publishing.repository';

/** The RSS 2.0 feed of a category: its published posts, newest first, each with its full text. */
export async function renderFeed({ category, posts, origin }: { category: PostCategory; posts: PublishedRecord[]; origin: string }): Promise<string> {
  const { title, lead } = CATEGORY_PAGES[category];
  // Loaded with the first feed asked for, not at start.
  const { Feed } = await import('feed');
  const feed = new Feed({
    title: `${PRODUCT_NAME} ${title}`,
    description: lead,
    id: `${origin}/${category}`,
    link: `${origin}/${category}`,
    language: 'en',
    generator: false,
    feedLinks: { rss: `${origin}/${category}/rss.xml` },
    ...(posts[0]?.published_at ? { updated: new Date(posts[0].published_at) } : {}),
  });
  // Image addresses are absolute: a feed reader shows the post away from Bree.
  const bodies = await Promise.all(posts.map((post) => sharedBodyHtml(withoutTitleLine(post.content, post.title), `${origin}/${category}/${post.slug}`)));
  posts.forEach((post, i) => {
    const link = `${origin}/${category}/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.published_at ?? 0),
      description: postDescription(post),
      content: bodies[i],
    });
  });
  return feed.rss2();
}
