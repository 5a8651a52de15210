import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * AI usage of one tenant in one month (YYYY-MM). `cost` is settled dollars; `reserved` is
 * dollars held by calls still running, so parallel calls cannot all pass the same budget check.
 * Pay-as-you-go calls are counted apart: they are billed by Stripe at a flat price a call.
 */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    tenantId: text('tenant_id').notNull(),
    period: text('period').notNull(),
    fastCalls: integer('fast_calls').notNull().default(0),
    premiumCalls: integer('premium_calls').notNull().default(0),
    fastTokens: integer('fast_tokens').notNull().default(0),
    premiumTokens: integer('premium_tokens').notNull().default(0),
    voiceMinutes: numeric('voice_minutes', { precision: 12, scale: 2 }).notNull().default('0'),
    cost: numeric('cost', { precision: 14, scale: 6 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 14, scale: 6 }).notNull().default('0'),
    /** Pay-as-you-go calls past the Pro credit, and how many of them Stripe has been sent as meter events. */
    paygCalls: integer('payg_calls').notNull().default(0),
    paygReportedCalls: integer('payg_reported_calls').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period] })],
);

/**
 * One settled AI call (or transcription), kept for the invoice-grade usage report per day and per
 * document. `cost` is what the call is billed at: its model price within the credit, the flat
 * pay-as-you-go price past it.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id').notNull(),
    period: text('period').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The document the call worked on; null for calls outside a document (the voice style guide). */
    fileId: text('file_id'),
    tier: text('tier').notNull(),
    calls: integer('calls').notNull(),
    tokens: integer('tokens').notNull(),
    voiceMinutes: numeric('voice_minutes', { precision: 12, scale: 2 }).notNull().default('0'),
    cost: numeric('cost', { precision: 14, scale: 6 }).notNull(),
    payg: boolean('payg').notNull().default(false),
  },
  (t) => [index('usage_events_tenant_period_idx').on(t.tenantId, t.period)],
);

/**
 * A hold of a call run by a request or an in-process task (not a job): the budget `reserve` took,
 * owned by the Bree process that runs the call and leased to it until `held_until`, which that
 * process renews while the call lasts. A process killed mid-call leaves its holds behind; once their
 * lease has run out the sweep gives them back (usage.holds.ts). Settling a call deletes its row.
 */
export const usageHolds = pgTable(
  'usage_holds',
  {
    id: text('id').primaryKey(),
    /** The process that runs the call (a random id per process). */
    owner: text('owner').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }).notNull(),
    tenantId: text('tenant_id').notNull(),
    period: text('period').notNull(),
    /** 'fast' or 'premium' (a counted call), or 'voice' (a recording's minutes). */
    tier: text('tier').notNull(),
    dollars: numeric('dollars', { precision: 14, scale: 6 }).notNull().default('0'),
    payg: boolean('payg').notNull().default(false),
    voiceMinutes: numeric('voice_minutes', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('usage_holds_held_until_idx').on(t.heldUntil)],
);
