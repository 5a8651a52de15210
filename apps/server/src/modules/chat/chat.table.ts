import type { ChatMessageState, ChatRole } from '@bree/contracts';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/** The conversation about one document: the author's questions and Bree's replies, per tenant. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    tenantId: text('tenant_id').notNull(),
    // A document deleted for good takes its conversation with it.
    fileId: fileIdColumn('file_id').notNull(),
    /** A monotonic ULID: ordering by id is ordering by time, even within one millisecond. */
    id: text('id').notNull(),
    role: text('role').$type<ChatRole>().notNull(),
    content: text('content').notNull(),
    state: text('state').$type<ChatMessageState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('chat_messages_file_idx').on(t.tenantId, t.fileId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
