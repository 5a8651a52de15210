import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hit counters of the rate limits (the per-IP limits of @fastify/rate-limit and the per-account
 * sign-in and mail limits), one row per key and its current window, so every Bree process on one
 * database counts the same hits. A row whose window ended is reset by the next hit, or deleted by
 * the hourly maintenance job.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** 'ip:POST /interaction/:uid/login:10.0.0.1', 'account:sign-in:writer@example.com', … */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** When the current window ends. */
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);
