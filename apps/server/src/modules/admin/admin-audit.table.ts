import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What administrators did (docs/OPERATIONS.md "Audit log"): who, what, when. Written by the one
 * admin guard after an audited route answered 2xx (plugins/admin.ts), never by the routes
 * themselves. Kept when the administrator's account goes: it is the installation's record.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    /** A ULID: the log pages newest first by it. */
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorTenantId: text('actor_tenant_id').notNull(),
    actorEmail: text('actor_email'),
    /** A stable name such as 'ai.switch' or 'feedback.update' (docs/OPERATIONS.md lists them). */
    action: text('action').notNull(),
    /** What it was done to: a feedback item, a document, an account looked up; null when nothing in particular. */
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at)],
);
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
