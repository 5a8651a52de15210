import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * A comment thread on a document (docs/COLLABORATION.md "Comments"): `tenant_id` is the document's
 * owner, `author_tenant_id` whoever started it (the owner or a person granted a role). The anchor
 * names the block, the offsets in its text and the quoted text; `anchor_deleted` once a writer
 * deleted that text. Kept beside the document, never in it.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    // A document deleted for good takes its threads with it.
    fileId: fileIdColumn('file_id').notNull(),
    authorTenantId: text('author_tenant_id').notNull(),
    anchorBlockId: text('anchor_block_id').notNull(),
    anchorStart: integer('anchor_start').notNull(),
    anchorEnd: integer('anchor_end').notNull(),
    anchorQuote: text('anchor_quote').notNull(),
    anchorDeleted: boolean('anchor_deleted').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: text('resolved_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('comment_threads_file_idx').on(t.fileId), index('comment_threads_tenant_idx').on(t.tenantId)],
);
export type CommentThreadRow = typeof commentThreads.$inferSelect;

/** A comment or reply in a thread; the thread's first comment is the one that started it. */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    authorTenantId: text('author_tenant_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('comments_thread_idx').on(t.threadId), index('comments_author_idx').on(t.authorTenantId)],
);
export type CommentRow = typeof comments.$inferSelect;
