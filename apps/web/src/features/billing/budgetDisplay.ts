import { PRO_BUDGET_DISPLAY_MIN, costMultiplier } from '@bree/contracts';
import type { BillingStatus, PlanType } from '@bree/contracts';

/**
 * The display rules of the budget blocks (docs/PRODUCT.md#billing),
 * kept pure so every boundary is tested without rendering.
 */

// The ×4 rule, the percentage, its decimals and the bar colour live with the meter in
// @bree/contracts (docs/BILLING.md#the-meter), the one computation every billing screen shows.
export { barColour, costMultiplier, formatPercent, usagePercent, type BarColour } from '@bree/contracts';

/** docs/PRODUCT.md#billing: Pro means a plan type is present, or a monthly budget of at least 20. */
export function isProTier(input: { planType: PlanType | null | undefined; monthlyBudget: number | null | undefined }): boolean {
  return input.planType != null || (input.monthlyBudget != null && input.monthlyBudget >= PRO_BUDGET_DISPLAY_MIN);
}

/** Dollars as the blocks show them, after the display multiplier. */
export function formatDisplayedCost(dollars: number, monthlyBudget: number | null | undefined): string {
  return `$${(dollars * costMultiplier(monthlyBudget)).toFixed(2)}`;
}

/** The share of the overage threshold at which the banner starts warning (the bar's red boundary). */
export const APPROACHING_SHARE = 0.8;

/** The banner warns once pay-as-you-go spending reaches 80 % of the threshold. */
export function isApproachingThreshold(accumulatedCost: number, threshold: number): boolean {
  return threshold > 0 && accumulatedCost >= threshold * APPROACHING_SHARE;
}

/**
 * docs/PRODUCT.md#billing: the plan's status in words a writer reads — Free, Pro, Pro (trial),
 * Past due, Canceled. A payment problem (past_due, unpaid, grace_period) is 'Past due' whatever
 * the plan; an ended subscription 'Canceled'; otherwise the plan's own name (a tenant without a
 * subscription is on Free, never 'Other').
 */
export function statusLabel({ planType, status }: { planType: PlanType | null | undefined; status: BillingStatus }): string {
  if (status === 'past_due' || status === 'unpaid' || status === 'grace_period') return 'Past due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'Canceled';
  if (planType !== 'PRO') return 'Free';
  return status === 'trialing' ? 'Pro (trial)' : 'Pro';
}
