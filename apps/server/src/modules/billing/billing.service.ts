import {
  OVERAGE_THRESHOLD_DOLLARS,
  PAYG_DOLLARS_PER_CALL,
  type BillingUsage,
  type BudgetData,
  type CheckoutSessionLookup,
  type InitializeWelcomeAnswer,
  type SubscriptionStatus,
  type TokenBalance,
} from '@bree/contracts';
import type { Db } from '../../db/db';
import { PLANS, periodOf, type PlanName } from '../usage/usage.plans';
import type { UsageReport } from '../usage/usage.report';
import type { TenantPlan, UsageService } from '../usage/usage.service';
import { billingErrors } from './billing.errors';
import { planTypeOf, statusOf, usagePlanOf } from './billing.plans';
import { presentTokenBalance } from './billing.presenter';
import { parseBillingEvent } from './billing.events';
import { createBillingRepository, type BillingAccount } from './billing.repository';
import type { StripeGateway } from './billing.stripe';
import { createPaygReporter } from './billing.meter';
import { createUsageNoticeMailer } from './billing.notices';
import type { Mailer } from '../../lib/mailer';
import { createWebhookHandler } from './billing.webhooks';

/** The month's start and end (UTC) of a YYYY-MM period. */
export function periodBounds(period: string): { start: Date; end: Date } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
}

/**
 * The pay-as-you-go limit of an account: what the writer set, else 0 — pay-as-you-go stays off until
 * the writer turns it on with a limit, for new and existing accounts alike (docs/BILLING.md#pay-as-you-go).
 */
const spendingLimitOf = (account: Pick<BillingAccount, 'spendingLimit'> | null): number => (account?.spendingLimit != null ? Number(account.spendingLimit) : 0);

/**
 * Plans per tenant and Stripe billing. `stripe` is null while billing is off: every tenant then
 * has `defaultPlan` and the billing calls answer 503 billing_not_configured.
 */
/** Stripe statuses of a subscription that charges nothing more. */
const ENDED_SUBSCRIPTION = new Set(['canceled', 'incomplete_expired']);

export function createBillingService({
  db,
  stripe,
  defaultPlan,
  publicUrl,
  now,
  usageReport,
  usage,
  notices = null,
}: {
  db: Db;
  /** The usage module's figures; billing never reads its tables. */
  usage: Pick<UsageService, 'billingFigures' | 'unreportedPayg' | 'markPaygReported' | 'periodFigures' | 'tenantFigures'>;
  /** With SMTP_URL: the usage notices go by mail too (docs/BILLING.md#notices), to the address `emailOf` finds. */
  notices?: { mailer: Mailer; emailOf: (tenantId: string) => Promise<string | null> } | null;
  /** The usage module's per-day and per-document report (it owns the metering). */
  usageReport: UsageReport;
  stripe: StripeGateway | null;
  defaultPlan: PlanName;
  publicUrl: string;
  now: () => Date;
}) {
  const repository = createBillingRepository({ db });
  const enabled = (): StripeGateway => {
    if (!stripe) throw billingErrors.notConfigured();
    return stripe;
  };
  const webhooks = stripe ? createWebhookHandler({ db, stripe, now }) : null;
  const payg = stripe ? createPaygReporter({ usage, repository, stripe, now }) : null;
  const noticeMails = stripe && notices ? createUsageNoticeMailer({ db, repository, usage, publicUrl, now, ...notices }) : null;

  return {
    enabled: stripe !== null,

    /** The plan that meters a tenant's AI calls now (usage reads it on every reservation). */
    async planOf(tenantId: string): Promise<TenantPlan> {
      if (!stripe) return { plan: defaultPlan, paygSpendingLimit: 0 };
      const account = await repository.planFields(tenantId);
      const plan = usagePlanOf(account);
      return { plan, paygSpendingLimit: plan === 'pro' ? spendingLimitOf(account) : 0, paygOffered: plan === 'pro' };
    },

    /** Runs after every sign-in: the first call grants Free (allocatedAt/allocatedBy), later ones change nothing. */
    async initializeWelcome({ tenantId, by }: { tenantId: string; by: string }): Promise<InitializeWelcomeAnswer> {
      enabled();
      const { allocated, account } = await repository.allocateFree({ tenantId, at: now(), by });
      return { success: true, allocated, allocatedAt: account.freeAllocatedAt!.toISOString(), allocatedBy: account.freeAllocatedBy! };
    },

    /** A Stripe Checkout session for Pro; the customer is made first, so every later event maps to this tenant. */
    async createCheckout({ tenantId, email }: { tenantId: string; email: string | undefined }): Promise<{ url: string; sessionId: string }> {
      const gateway = enabled();
      const account = await repository.find(tenantId);
      if (planTypeOf(account) === 'PRO') throw billingErrors.alreadySubscribed();
      let customerId = account?.stripeCustomerId ?? null;
      if (!customerId) {
        customerId = await gateway.createCustomer({ tenantId, email });
        await repository.setCustomer({ tenantId, customerId, at: now() });
      }
      const session = await gateway.createCheckoutSession({
        tenantId,
        customerId,
        // Stripe fills {CHECKOUT_SESSION_ID}; the success page looks the session up by it.
        successUrl: `${publicUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/billing/cancel`,
      });
      return { url: session.url, sessionId: session.id };
    },

    async createPortal({ tenantId }: { tenantId: string }): Promise<{ url: string }> {
      const gateway = enabled();
      const account = await repository.find(tenantId);
      if (!account?.stripeCustomerId) throw billingErrors.noCustomer();
      return { url: await gateway.createPortalSession({ customerId: account.stripeCustomerId, returnUrl: `${publicUrl}/subscription` }) };
    },

    /**
     * Before an account is deleted (docs/ACCOUNT.md "Delete my account"): a live subscription is
     * cancelled at Stripe now, so nothing more is charged, and the stored copy says so. Answers
     * whether billing records must be kept (the tenant is a Stripe customer, so invoices exist).
     * Run again after a failure or a retry, it finds the subscription already ended.
     */
    async closeForDeletion({ tenantId }: { tenantId: string }): Promise<{ keepRecords: boolean; cancelled: boolean }> {
      const account = await repository.find(tenantId);
      if (!account?.stripeCustomerId) return { keepRecords: false, cancelled: false };
      const live = account.subscriptionId && !ENDED_SUBSCRIPTION.has(account.subscriptionStatus ?? '');
      if (!live || !stripe) return { keepRecords: true, cancelled: false };
      const ended = await stripe.cancelSubscription(account.subscriptionId!);
      if (ended) {
        const { customerId: _customer, ...state } = ended;
        await repository.setSubscription({ tenantId, state, at: now() });
      }
      return { keepRecords: true, cancelled: ended !== null };
    },

    async subscriptionStatus({ tenantId }: { tenantId: string }): Promise<SubscriptionStatus> {
      enabled();
      const account = await repository.find(tenantId);
      return {
        planType: planTypeOf(account),
        status: statusOf(account),
        stripeCustomerId: account?.stripeCustomerId ?? null,
        currentPeriodEnd: account?.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
      };
    },

    async tokenBalance({ tenantId }: { tenantId: string }): Promise<TokenBalance> {
      enabled();
      const period = periodOf(now());
      const account = await repository.find(tenantId);
      return presentTokenBalance({
        account,
        figures: await usage.billingFigures({ tenantId, period }),
        bounds: periodBounds(period),
        spendingLimit: spendingLimitOf(account),
      });
    },

    /** The profile dropdown's budget blocks and the banner's figures. */
    async budget({ tenantId }: { tenantId: string }): Promise<BudgetData> {
      enabled();
      const period = periodOf(now());
      const account = await repository.find(tenantId);
      const { cost: actualCosts, paygCalls } = await usage.billingFigures({ tenantId, period });
      const plan = usagePlanOf(account);
      const monthlyBudget = PLANS[plan].creditDollars;
      const spendingLimit = plan === 'pro' ? spendingLimitOf(account) : 0;
      return {
        period,
        planType: planTypeOf(account),
        status: statusOf(account),
        monthlyBudget,
        actualCosts,
        remainingBudget: monthlyBudget === null ? null : Math.max(0, Math.round((monthlyBudget - actualCosts) * 1e6) / 1e6),
        payAsYouGo: {
          enabled: spendingLimit > 0,
          accumulatedCalls: paygCalls,
          accumulatedCost: Math.round(paygCalls * PAYG_DOLLARS_PER_CALL * 100) / 100,
          spendingLimit,
          overageThreshold: OVERAGE_THRESHOLD_DOLLARS,
        },
      };
    },

    async setSpendingLimit({ tenantId, spendingLimit }: { tenantId: string; spendingLimit: number }): Promise<{ spendingLimit: number }> {
      enabled();
      const dollars = (Math.round(spendingLimit * 100) / 100).toFixed(2);
      await repository.setSpendingLimit({ tenantId, dollars, at: now() });
      return { spendingLimit: Number(dollars) };
    },

    /** The success page's lookup: another tenant's session answers the same 404 as an unknown one. */
    async checkoutSession({ tenantId, id }: { tenantId: string; id: string }): Promise<CheckoutSessionLookup> {
      const gateway = enabled();
      const session = await gateway.retrieveCheckoutSession(id);
      if (!session || session.tenantId !== tenantId) throw billingErrors.sessionNotFound();
      const subscription = session.subscriptionId ? await gateway.retrieveSubscription(session.subscriptionId) : null;
      const active = subscription !== null && ['active', 'trialing'].includes(subscription.subscriptionStatus);
      return { sessionId: session.id, complete: session.complete, subscriptionActive: active, planType: active ? 'PRO' : null };
    },

    /**
     * Applies one signed Stripe event once; 400 invalid_signature for anything not signed with the
     * secret, 400 invalid_text or invalid_webhook_event for a signed event Bree cannot read.
     */
    async handleWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | undefined }): Promise<{ received: true; duplicate: boolean }> {
      const gateway = enabled();
      if (!gateway.verifySignature(rawBody, signature)) throw billingErrors.invalidSignature();
      // Checked whole before anything is written: a refused event leaves no row, not even its id,
      // so Stripe's next delivery of it is applied once Bree can read it.
      const event = parseBillingEvent({ rawBody });
      return { received: true, duplicate: !(await webhooks!.apply(event)) };
    },

    /** This month's (or the given month's) usage per day and per document. */
    async usage({ tenantId, period }: { tenantId: string; period: string | undefined }): Promise<BillingUsage> {
      enabled();
      return usageReport.report({ tenantId, period: period ?? periodOf(now()) });
    },

    /** The same report as CSV, named by its month. */
    async usageCsv({ tenantId, period }: { tenantId: string; period: string | undefined }): Promise<{ period: string; csv: string }> {
      enabled();
      const month = period ?? periodOf(now());
      return { period: month, csv: await usageReport.csv({ tenantId, period: month }) };
    },

    /** Hourly maintenance: closed months' pay-as-you-go calls to Stripe's meter (nothing while billing is off). */
    async reportPayAsYouGo(): Promise<number> {
      return payg ? payg.report() : 0;
    },

    /** Mails this month's usage notices not sent yet (80 % of a cap, pay-as-you-go begun); 0 without billing or SMTP. */
    async sendUsageNotices(): Promise<number> {
      return noticeMails ? noticeMails.send() : 0;
    },

    /**
     * After a settled call of `tenantId`: mails the usage notices it crossed now, not at the next
     * hourly run (docs/BILLING.md#notices). Fire-and-forget, so the call never waits on the mail
     * server; a failure here is left to the hourly job, which sends whatever nobody claimed.
     */
    noticeAfterCall({ tenantId }: { tenantId: string }): void {
      if (!noticeMails) return;
      noticeMails.sendFor({ tenantId }).catch(() => undefined);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
