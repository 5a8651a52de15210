import type { Post, PostCategory } from '@bree/contracts';
import type { PostRecord } from './publishing.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Whitelists a post's fields; `urlOf` gives its public address while published. */
export function presentPost(row: PostRecord, urlOf: (category: PostCategory, slug: string) => string): Post {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: row.category,
    status: row.status,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
    updatedAt: iso(row.updated_at),
    url: row.status === 'published' ? urlOf(row.category, row.slug) : null,
  };
}
