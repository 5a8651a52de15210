import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/** Snapshots of a document: their text never changes; only a name is given or changed, and unnamed ones are thinned by age. */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    fileId: fileIdColumn('file_id').notNull(),
    revision: integer('revision').notNull(),
    reason: text('reason').notNull(),
    /** What wrote the text this version holds (the files' last_write_source at the time); null when unknown. */
    source: text('source'),
    content: jsonb('content').notNull(),
    contentText: text('content_text').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    /** The editor schema version and authorship figures of this text (docs/PROVENANCE.md); figures null when unknown. */
    editorVersion: smallint('editor_version').notNull().default(1),
    textChars: integer('text_chars'),
    aiChars: integer('ai_chars'),
    /** The writer's name for this version (docs/PRODUCT.md#versions); named versions are never thinned. */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('file_versions_file_idx').on(t.tenantId, t.fileId, t.createdAt.desc())],
);
export type VersionRow = typeof fileVersions.$inferSelect;
