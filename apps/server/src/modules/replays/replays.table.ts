import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers of mutating API requests sent with an `X-Operation-Id`, per tenant, so a retry
 * of the same operation gets the first answer back instead of a second write (docs/REPLAYS.md).
 * A row is a claim while `status` is null: its owner is running the request and renews
 * `lease_until`; a claim whose lease ran out (its process died) may be taken over.
 * Rows older than 24 h are swept by the hourly maintenance job.
 */
export const requestReplays = pgTable(
  'request_replays',
  {
    tenantId: text('tenant_id').notNull(),
    operationId: text('operation_id').notNull(),
    /** SHA-256 of method, URL and body: the same id on another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** 'POST /api/files/create': which route answered, for people reading the table. */
    route: text('route').notNull(),
    /** The id of the claim holding the row (a fresh one on every take-over). */
    claim: text('claim').notNull(),
    /** Until when a pending claim is held; null once answered. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** The answer, once there is one. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.operationId] }), index('request_replays_created_idx').on(t.createdAt)],
);
