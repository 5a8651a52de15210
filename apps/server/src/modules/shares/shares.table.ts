import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * The public link of a document, one row per shared-at-least-once document. `slug` is null
 * while sharing is off: switching off or regenerating replaces the only copy of the old slug,
 * so an old link finds nothing from that instant on. `view_count` counts readers of the
 * server-rendered page a day since sharing was last switched on (no cookie; a reader is a one-way
 * key kept a day, link previews and crawlers never count: docs/SHARING.md "Views").
 */
export const shares = pgTable(
  'shares',
  {
    tenantId: text('tenant_id').notNull(),
    // A document deleted for good takes its share with it.
    fileId: fileIdColumn('file_id').notNull(),
    slug: text('slug'),
    /** When sharing was last switched on (the shared page's shareInfo.createdAt). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fileId] }), uniqueIndex('shares_slug_uq').on(t.slug)],
);
export type ShareRow = typeof shares.$inferSelect;
