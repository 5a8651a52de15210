import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Feedback sent from the app's 'Submit Feedback' dialog. `tenant_id` is the sender's tenant;
 * admins read every tenant's items. Unless preserved, an item and its files are deleted 14 days
 * after `created_at` (docs/PRODUCT.md#feedback).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userEmail: text('user_email'),
    userName: text('user_name'),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'read', 'responded'] })
      .notNull()
      .default('new'),
    preserve: boolean('preserve').notNull().default(false),
    browserInfo: jsonb('browser_info').notNull().default({}),
    pageContext: text('page_context').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), index('feedback_tenant_idx').on(t.tenantId)],
);
export type FeedbackRow = typeof feedback.$inferSelect;

/** The screenshot and files of a feedback item; the bytes live in blob storage under `storage_key`. */
export const feedbackAttachments = pgTable(
  'feedback_attachments',
  {
    id: text('id').primaryKey(),
    feedbackId: text('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind', { enum: ['screenshot', 'file'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('feedback_attachments_feedback_idx').on(t.feedbackId)],
);
export type FeedbackAttachmentRow = typeof feedbackAttachments.$inferSelect;
