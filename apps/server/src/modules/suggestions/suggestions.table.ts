import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * A Commenter's suggested edit of one block (docs/COLLABORATION.md "Suggestions"): the block's
 * text as they found it and as they would have it. `tenant_id` is the document's owner. One row
 * per block and author: further edits of the same block replace it.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    // A document deleted for good takes its suggestions with it.
    fileId: fileIdColumn('file_id').notNull(),
    authorTenantId: text('author_tenant_id').notNull(),
    blockId: text('block_id').notNull(),
    baseText: text('base_text').notNull(),
    proposedText: text('proposed_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suggestions_block_author_idx').on(t.fileId, t.blockId, t.authorTenantId), index('suggestions_tenant_idx').on(t.tenantId)],
);
export type SuggestionRow = typeof suggestions.$inferSelect;
