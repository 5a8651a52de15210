import type { BillingStatus, PlanType } from '@bree/contracts';
import type { PlanName } from '../usage/usage.plans';
import type { BillingAccount } from './billing.repository';

/** Subscription statuses that keep Pro: paid, on trial, or still inside Stripe's retry window after a failed payment. */
const PRO_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Statuses after which a failed payment no longer matters (the subscription is over). */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** A tenant's billing status: Stripe's, or grace_period while the newest invoice outcome is a failure. */
export function statusOf(account: BillingAccount | null): BillingStatus {
  if (!account?.subscriptionStatus) return 'none';
  const status = account.subscriptionStatus;
  const failed = account.paymentFailedAt;
  if (failed && !ENDED_STATUSES.has(status) && (!account.invoicePaidAt || failed > account.invoicePaidAt)) return 'grace_period';
  return (KNOWN_STATUSES as readonly string[]).includes(status) ? (status as BillingStatus) : 'none';
}
const KNOWN_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const;

/** PRO while the subscription keeps Pro (a grace period included); null otherwise (docs/PRODUCT.md#billing: Pro means a plan type is present). */
export function planTypeOf(account: Pick<BillingAccount, 'subscriptionStatus'> | null): PlanType | null {
  return account?.subscriptionStatus && PRO_STATUSES.has(account.subscriptionStatus) ? 'PRO' : null;
}

/** The usage plan of a tenant while billing is on: Pro for a live subscription, else Free. */
export function usagePlanOf(account: Pick<BillingAccount, 'subscriptionStatus'> | null): PlanName {
  return planTypeOf(account) === 'PRO' ? 'pro' : 'free';
}
