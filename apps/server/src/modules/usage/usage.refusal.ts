import type { AiTier, BudgetRefusalDetails } from '@bree/contracts';
import type { PlanLimits, PlanName } from './usage.plans';
import type { usagePeriods } from './usage.table';

type UsageRow = typeof usagePeriods.$inferSelect;

/** What is left of a cap (never below 0); null when the plan has no such cap. */
const leftOf = (limit: number | null, used: number): number | null => (limit === null ? null : Math.max(0, limit - used));

/**
 * The details of a refused call (docs/BILLING.md#refusals), read from the period's row after the
 * refusal: the tier's call cap when it is the one used up, else the credit; for a Pro tenant whose
 * pay-as-you-go was on and tried, its spending limit.
 */
export function refusalDetails({
  tier,
  plan,
  limits,
  row,
  paygSpendingLimit,
  paygTried,
  calls = 1,
}: {
  tier: AiTier;
  plan: PlanName;
  limits: PlanLimits;
  row: UsageRow | null;
  paygSpendingLimit: number;
  paygTried: boolean;
  /** Calls asked for at once (alternatives): a cap with fewer left than these is what ran out. */
  calls?: number;
}): BudgetRefusalDetails {
  const fastCalls = row?.fastCalls ?? 0;
  const premiumCalls = row?.premiumCalls ?? 0;
  const spent = Number(row?.cost ?? 0) + Number(row?.reserved ?? 0);
  const left = {
    fastCalls: leftOf(limits.fastCalls, fastCalls),
    premiumCalls: leftOf(limits.premiumCalls, premiumCalls),
    // Cents' hundredths, as the client's check rounds them.
    creditDollars: limits.creditDollars === null ? null : Math.max(0, Math.round((limits.creditDollars - spent) * 1e6) / 1e6),
  };
  const tierLeft = tier === 'fast' ? left.fastCalls : left.premiumCalls;
  const ranOut: BudgetRefusalDetails['ranOut'] = paygTried ? 'paygLimit' : tierLeft !== null && tierLeft < calls ? `${tier}Calls` : 'credit';
  return { ranOut, tier, plan, left, payg: { available: plan === 'pro', on: plan === 'pro' && paygSpendingLimit > 0 } };
}
