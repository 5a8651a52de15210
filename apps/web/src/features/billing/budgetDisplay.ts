import { PRO_BUDGET_DISPLAY_MIN } from '@bree/contracts';
import type { BillingStatus, PlanType } from '@bree/contracts';

/**
 * The display rules of the budget blocks (docs/PRODUCT.md#billing),
 * kept pure so every boundary is tested without rendering.
 */

/** docs/PRODUCT.md#billing: a monthly budget of 20 or more multiplies displayed costs by 4, otherwise by 1. */
export function costMultiplier(monthlyBudget: number | null | undefined): 1 | 4 {
  return monthlyBudget != null && monthlyBudget >= PRO_BUDGET_DISPLAY_MIN ? 4 : 1;
}

/** docs/PRODUCT.md#billing: Pro means a plan type is present, or a monthly budget of at least 20. */
export function isProTier(input: { planType: PlanType | null | undefined; monthlyBudget: number | null | undefined }): boolean {
  return input.planType != null || (input.monthlyBudget != null && input.monthlyBudget >= PRO_BUDGET_DISPLAY_MIN);
}

/** Dollars as the blocks show them, after the display multiplier. */
export function formatDisplayedCost(dollars: number, monthlyBudget: number | null | undefined): string {
  return `$${(dollars * costMultiplier(monthlyBudget)).toFixed(2)}`;
}

/** The share of the budget used, 0–100 (a budget of 0 counts as fully used once anything is spent). */
export function usagePercent(spent: number, budget: number | null | undefined): number {
  if (budget == null) return 0;
  if (budget <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (spent / budget) * 100));
}

/** docs/PRODUCT.md#billing: usage under 0.1 percent shows 3 decimals (a first call still shows as more than zero), else 1. */
export function formatPercent(percent: number): string {
  return `${percent < 0.1 ? percent.toFixed(3) : percent.toFixed(1)}%`;
}

export type BarColour = 'red' | 'orange' | 'purple';

/** docs/PRODUCT.md#billing: red above 80 percent, orange above 60, else purple. */
export function barColour(percent: number): BarColour {
  if (percent > 80) return 'red';
  if (percent > 60) return 'orange';
  return 'purple';
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
