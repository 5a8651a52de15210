import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * The post made of a document by the publishing manager: its draft (title, slug, excerpt,
 * category) and, while published, a copy of the document tree taken at publishing, so later edits
 * reach readers only when published again. A document deleted for good takes its post with it
 * (ON DELETE CASCADE); one in the Trash keeps it, hidden from readers until restored. A slug is
 * unique within its category, drafts included, so publishing a draft never meets a taken address.
 */
export const publishingPosts = pgTable(
  'publishing_posts',
  {
    tenantId: text('tenant_id').notNull(),
    fileId: fileIdColumn('file_id').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** 'blog' or 'updates': the page the post appears on. */
    category: text('category').notNull(),
    /** 'draft' or 'published'. */
    status: text('status').notNull().default('draft'),
    /** The document tree readers see; null while not published. */
    content: jsonb('content'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.fileId] }),
    uniqueIndex('publishing_posts_category_slug_uq').on(t.category, t.slug),
    index('publishing_posts_published_idx')
      .on(t.category, t.publishedAt.desc())
      .where(sql`status = 'published'`),
  ],
);
export type PostRow = typeof publishingPosts.$inferSelect;
