import { boolean, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One tenant's billing: the Free grant (allocated once, at the first sign-in), its Stripe customer
 * and subscription as last read from Stripe, and the pay-as-you-go spending limit. Invoice outcomes
 * keep their own newest timestamps, so webhooks arriving in any order end in the same state.
 */
export const billingAccounts = pgTable('billing_accounts', {
  tenantId: text('tenant_id').primaryKey(),
  freeAllocatedAt: timestamp('free_allocated_at', { withTimezone: true, mode: 'date' }),
  freeAllocatedBy: text('free_allocated_by'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  subscriptionId: text('subscription_id'),
  /** Stripe's subscription status ('active', 'past_due', 'canceled', …); null before any subscription. */
  subscriptionStatus: text('subscription_status'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Creation time of the newest invoice.payment_failed and invoice.paid applied; the later one wins. */
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true, mode: 'date' }),
  invoicePaidAt: timestamp('invoice_paid_at', { withTimezone: true, mode: 'date' }),
  lastInvoiceId: text('last_invoice_id'),
  spendingLimit: numeric('spending_limit', { precision: 12, scale: 2 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Stripe events already applied, by event id: a redelivered event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The usage notices mailed (docs/BILLING.md#notices): one row per tenant, period and threshold, written
 * before the mail goes, so several Bree processes send each notice once a period.
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    tenantId: text('tenant_id').notNull(),
    period: text('period').notNull(),
    /** 'payg-started', 'credit-80', 'fast-80', 'premium-80' or 'voice-80'. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.period, table.kind] })],
);
