import { z } from 'zod/mini';

/**
 * Billing: plans, Stripe checkout and portal, balances and budget data, the pay-as-you-go
 * spending limit and the invoice-grade usage report (docs/PRODUCT.md#billing). Every /api/billing/* route answers 503
 * `billing_not_configured` while the server has no Stripe key (GET /api/config says so first).
 */

/** The plan a subscriber can buy. Free has no checkout: it is granted at the first sign-in. */
export const planTypeSchema = z.enum(['FREE', 'PRO']);
export type PlanType = z.infer<typeof planTypeSchema>;

/** docs/PRODUCT.md#billing: both readings of each plan, a dollar credit and call caps. */
export const BILLING_PLANS = {
  FREE: { priceDollars: 0, creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0, workspaces: false, betaPricing: false },
  PRO: { priceDollars: 20, creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200, workspaces: true, betaPricing: true },
} as const;

/** Pay-as-you-go: about 1 cent a call once the Pro budget runs out, only once the writer turned it on, under their spending limit. */
export const PAYG_DOLLARS_PER_CALL = 0.01;
/** The spending limit the pay-as-you-go switch suggests (dollars a period); every tenant starts with pay-as-you-go off (limit 0). */
export const PAYG_DEFAULT_SPENDING_LIMIT = 10;
/** The highest spending limit the server accepts (dollars a period). */
export const PAYG_MAX_SPENDING_LIMIT = 1000;
/** docs/PRODUCT.md#billing: 'You're approaching your usage limit ($x of $10 threshold)'. */
export const OVERAGE_THRESHOLD_DOLLARS = 10;
/** docs/PRODUCT.md#billing: the billing status is polled every 300000 ms. */
export const BILLING_STATUS_POLL_MS = 300_000;
/** docs/PRODUCT.md#billing: the success page waits 1.5 s before showing the confirmed state. */
export const CHECKOUT_SUCCESS_WAIT_MS = 1500;
/** docs/PRODUCT.md#billing: a monthly budget of 20 or more multiplies displayed costs by 4. */
export const PRO_BUDGET_DISPLAY_MIN = 20;

/**
 * A tenant's billing status: Stripe's subscription statuses, `none` for a tenant with no
 * subscription, and `grace_period` after a failed payment (docs/PRODUCT.md#billing: the
 * value that marks a payment issue; the banner shows 'Payment failed - please update your billing information').
 */
export const billingStatusSchema = z.enum([
  'none',
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
  'grace_period',
]);
export type BillingStatus = z.infer<typeof billingStatusSchema>;

const isoDate = z.string().check(z.iso.datetime({ offset: true }));

/**
 * POST /api/billing/initialize-welcome — runs after every sign-in; the body is empty (or `{}`).
 * Like other bodies of the API, billing bodies may name the tenant (`tenantId`, checked against the token).
 */
export const initializeWelcomeBodySchema = z.strictObject({ tenantId: z.optional(z.string()) });
/** `allocated` is true only for the call that granted the Free plan; later calls change nothing. */
export const initializeWelcomeAnswerSchema = z.object({
  success: z.literal(true),
  allocated: z.boolean(),
  allocatedAt: isoDate,
  allocatedBy: z.string(),
});
export type InitializeWelcomeAnswer = z.infer<typeof initializeWelcomeAnswerSchema>;

/** POST /api/billing/create-checkout-session */
export const createCheckoutSessionBodySchema = z.strictObject({ tenantId: z.optional(z.string()), planType: z.literal('PRO') });
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;
export const createCheckoutSessionAnswerSchema = z.object({ url: z.string().check(z.url()), sessionId: z.string() });
export type CreateCheckoutSessionAnswer = z.infer<typeof createCheckoutSessionAnswerSchema>;

/** POST /api/billing/create-portal-session — empty body. */
export const createPortalSessionBodySchema = z.strictObject({ tenantId: z.optional(z.string()) });
export const createPortalSessionAnswerSchema = z.object({ url: z.string().check(z.url()) });
export type CreatePortalSessionAnswer = z.infer<typeof createPortalSessionAnswerSchema>;

/** GET /api/billing/subscription-status — polled every 5 minutes. `planType` is null for a tenant without a subscription. */
export const subscriptionStatusAnswerSchema = z.object({
  planType: z.nullable(planTypeSchema),
  status: billingStatusSchema,
  stripeCustomerId: z.nullable(z.string()),
  currentPeriodEnd: z.nullable(isoDate),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusAnswerSchema>;

/** The monthly budgets of a grant; null means no cap on that reading. */
const grantLimitsSchema = z.object({
  creditDollars: z.nullable(z.number()),
  fastCalls: z.nullable(z.number().check(z.int())),
  premiumCalls: z.nullable(z.number().check(z.int())),
  /** Bree caps calls and dollars, not tokens: always null. */
  fastTokens: z.nullable(z.number().check(z.int())),
  premiumTokens: z.nullable(z.number().check(z.int())),
  voiceMinutes: z.nullable(z.number()),
});

/** GET /api/billing/token-balance (docs/PRODUCT.md#billing). */
export const tokenBalanceAnswerSchema = z.object({
  freeTokens: z.nullable(z.extend(grantLimitsSchema, { allocatedAt: isoDate, allocatedBy: z.string() })),
  subscriptionTokens: z.nullable(
    z.extend(grantLimitsSchema, {
      planType: planTypeSchema,
      currentPeriodStart: z.nullable(isoDate),
      currentPeriodEnd: z.nullable(isoDate),
      subscriptionId: z.string(),
      billingCycle: z.object({ startDate: z.nullable(isoDate), endDate: z.nullable(isoDate) }),
    }),
  ),
  payAsYouGoTokens: z.nullable(
    z.object({
      accumulatedTokens: z.number().check(z.int()),
      accumulatedCalls: z.number().check(z.int()),
      accumulatedCost: z.number(),
      spendingLimit: z.number(),
      periodStart: isoDate,
      periodEnd: isoDate,
      invoiceId: z.nullable(z.string()),
    }),
  ),
  stripeCustomerId: z.nullable(z.string()),
  createdAt: z.nullable(isoDate),
  updatedAt: z.nullable(isoDate),
});
export type TokenBalance = z.infer<typeof tokenBalanceAnswerSchema>;

/**
 * GET /api/billing/budget — the profile dropdown's AI Credit Budget and Pay-as-you-go blocks and the
 * banner (docs/PRODUCT.md#billing). Call counts stay with GET /api/usage/current.
 */
export const budgetAnswerSchema = z.object({
  period: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  planType: z.nullable(planTypeSchema),
  status: billingStatusSchema,
  /** Dollars of credit this period; null when the plan has no dollar cap. */
  monthlyBudget: z.nullable(z.number()),
  /** Dollars spent this period within the credit (settled calls). */
  actualCosts: z.number(),
  /** monthlyBudget − actualCosts, never below 0; null when unlimited. */
  remainingBudget: z.nullable(z.number()),
  payAsYouGo: z.object({
    /** True for a Pro tenant who turned pay-as-you-go on (a spending limit above 0); off until then. */
    enabled: z.boolean(),
    accumulatedCalls: z.number().check(z.int()),
    accumulatedCost: z.number(),
    spendingLimit: z.number(),
    overageThreshold: z.number(),
  }),
});
export type BudgetData = z.infer<typeof budgetAnswerSchema>;

/** POST /api/billing/spending-limit — the pay-as-you-go limit in dollars a period; 0 turns pay-as-you-go off. */
export const setSpendingLimitBodySchema = z.strictObject({ spendingLimit: z.number().check(z.gte(0), z.lte(PAYG_MAX_SPENDING_LIMIT)) });
export type SetSpendingLimitBody = z.infer<typeof setSpendingLimitBodySchema>;
export const setSpendingLimitAnswerSchema = z.object({ spendingLimit: z.number() });

/** GET /api/billing/checkout-session/{id} — the /billing/success page's lookup; only the tenant's own sessions. */
export const checkoutSessionParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255), z.regex(/^cs_[A-Za-z0-9_]+$/)),
});
export const checkoutSessionAnswerSchema = z.object({
  sessionId: z.string(),
  complete: z.boolean(),
  subscriptionActive: z.boolean(),
  planType: z.nullable(planTypeSchema),
});
export type CheckoutSessionLookup = z.infer<typeof checkoutSessionAnswerSchema>;

/** GET /api/billing/usage?period=YYYY-MM (default: this month) and GET /api/billing/usage.csv (the same rows as CSV). */
export const billingUsageQuerySchema = z.strictObject({
  period: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))),
});
const usageLineSchema = z.object({
  fastCalls: z.number().check(z.int()),
  premiumCalls: z.number().check(z.int()),
  tokens: z.number().check(z.int()),
  voiceMinutes: z.number(),
  cost: z.number(),
});
export const billingUsageAnswerSchema = z.object({
  period: z.string(),
  totals: usageLineSchema,
  /** One row per UTC day with usage, oldest first. */
  days: z.array(z.extend(usageLineSchema, { date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)) })),
  /**
   * One row per document with usage; fileId null gathers calls made outside a document. `name` is
   * the document's name, null outside a document or once the document is gone ('deleted document').
   */
  documents: z.array(z.extend(usageLineSchema, { fileId: z.nullable(z.string()), name: z.nullable(z.string()) })),
});
export type BillingUsage = z.infer<typeof billingUsageAnswerSchema>;
/** The CSV's header line; then one `day` row per day, one `document` row per document (key: its name, 'deleted document' once gone, empty outside a document) and one `total` row. */
export const BILLING_USAGE_CSV_HEADER = 'kind,key,fast_calls,premium_calls,tokens,voice_minutes,cost_usd';

/** POST /api/billing/webhook — Stripe's answer; the body is Stripe's signed event, read raw. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
