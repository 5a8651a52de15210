import type { UsageCurrent } from './ai';
import type { BudgetData } from './billing';
import { PAYG_DOLLARS_PER_CALL, PRO_BUDGET_DISPLAY_MIN } from './billing';

/**
 * The meter (docs/BILLING.md#the-meter): the one computation of a period's figures — the AI credit,
 * Fast and Premium calls, voice minutes and pay-as-you-go — that the profile menu and /subscription
 * (its plan card and its usage) both render, so the screens can never disagree. Pure, so every
 * boundary of the display rules is unit-tested (docs/PRODUCT.md#billing).
 */

/** docs/PRODUCT.md#billing: a monthly budget of 20 or more multiplies displayed costs by 4, otherwise by 1. */
export function costMultiplier(monthlyBudget: number | null | undefined): 1 | 4 {
  return monthlyBudget != null && monthlyBudget >= PRO_BUDGET_DISPLAY_MIN ? 4 : 1;
}

/** The share of a cap used, 0–100 (a cap of 0 counts as fully used once anything is spent; no cap is 0). */
export function usagePercent(spent: number, cap: number | null | undefined): number {
  if (cap == null) return 0;
  if (cap <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (spent / cap) * 100));
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

const dollars = (value: number) => `$${value.toFixed(2)}`;
const count = (value: number) => value.toLocaleString('en-US');

/** One bar of the meter: what was used of a cap, ready to show. */
export interface MeterGauge {
  used: number;
  /** null: no cap on this reading. */
  cap: number | null;
  percent: number;
  percentText: string;
  colour: BarColour;
  /** 'used of cap', e.g. '$0.08 of $80.00 used · $79.92 left' or '12 of 250 used'. */
  text: string;
  /** True when reaching this cap hands the next calls to pay-as-you-go (it is on): the bar's end is marked. */
  paygAfter: boolean;
}

export interface MeterFigures {
  period: string | null;
  /** The AI credit, in displayed dollars (the ×4 rule applied to spent, cap and left alike). */
  credit: MeterGauge & {
    multiplier: 1 | 4;
    /** The credit as the plan states it (real dollars), so the ×4 figures can be named honestly. */
    monthlyCredit: number | null;
    /** Says what the ×4 figures are, e.g. 'Shown ×4: $80.00 here is your $20.00 monthly credit'; null at ×1. */
    note: string | null;
  };
  fast: MeterGauge;
  premium: MeterGauge;
  voice: MeterGauge;
  payg: {
    /** The writer's plan can use pay-as-you-go at all (Pro). */
    available: boolean;
    enabled: boolean;
    spent: number;
    limit: number;
    calls: number;
    /** Pay-as-you-go calls were made this period. */
    started: boolean;
    /** 'spent of limit', or why there is none. */
    text: string;
    gauge: MeterGauge | null;
    /** The point where pay-as-you-go starts, in words. */
    startsAt: string;
  };
}

export type MeterBudget = Pick<BudgetData, 'period' | 'planType' | 'monthlyBudget' | 'actualCosts' | 'remainingBudget' | 'payAsYouGo'>;
export type MeterUsage = Pick<UsageCurrent, 'period' | 'fastCalls' | 'premiumCalls' | 'voiceMinutes' | 'cost' | 'limits'>;

function gauge({ used, cap, text, paygAfter }: { used: number; cap: number | null; text: string; paygAfter: boolean }): MeterGauge {
  const percent = usagePercent(used, cap);
  return { used, cap, percent, percentText: formatPercent(percent), colour: barColour(percent), text, paygAfter: paygAfter && cap != null };
}

function callGauge({ used, cap, unit, paygAfter }: { used: number; cap: number | null; unit: string; paygAfter: boolean }): MeterGauge {
  return gauge({ used, cap, paygAfter, text: cap == null ? `${count(used)} ${unit} · no cap` : `${count(used)} of ${count(cap)} ${unit} used` });
}

function creditGauge({ spent, cap, paygAfter }: { spent: number; cap: number | null; paygAfter: boolean }): MeterFigures['credit'] {
  const multiplier = costMultiplier(cap);
  const shown = (value: number) => dollars(value * multiplier);
  const text = cap == null ? `${shown(spent)} used · no monthly cap` : `${shown(spent)} of ${shown(cap)} used · ${shown(Math.max(0, cap - spent))} left`;
  const note = multiplier === 4 && cap != null ? `Shown ×4: ${shown(cap)} here is your ${dollars(cap)} monthly credit` : null;
  return { ...gauge({ used: spent, cap, text, paygAfter }), multiplier, monthlyCredit: cap, note };
}

function paygFigures({ budget, reachedCap }: { budget: MeterBudget | undefined; reachedCap: boolean }): MeterFigures['payg'] {
  const payg = budget?.payAsYouGo;
  const available = budget?.planType === 'PRO' || (budget?.monthlyBudget != null && budget.monthlyBudget >= PRO_BUDGET_DISPLAY_MIN);
  const enabled = available && (payg?.enabled ?? false);
  const spent = payg?.accumulatedCost ?? 0;
  const limit = payg?.spendingLimit ?? 0;
  const calls = payg?.accumulatedCalls ?? 0;
  const started = calls > 0 || (enabled && reachedCap);
  const perCall = `about ${dollars(PAYG_DOLLARS_PER_CALL)} a call`;
  if (!available)
    return { available, enabled, spent, limit, calls, started, text: 'Comes with Pro', gauge: null, startsAt: 'Calls stop at the credit or a call cap' };
  if (!enabled)
    return {
      available,
      enabled,
      spent,
      limit,
      calls,
      started,
      text: spent > 0 ? `Off · ${dollars(spent)} spent this period (${count(calls)} calls)` : 'Off',
      gauge: null,
      startsAt: 'Pay-as-you-go is off: calls stop at the credit or a call cap',
    };
  return {
    available,
    enabled,
    spent,
    limit,
    calls,
    started,
    text: `${dollars(spent)} of ${dollars(limit)} limit spent (${count(calls)} calls)`,
    gauge: gauge({ used: spent, cap: limit, paygAfter: false, text: `${dollars(spent)} of ${dollars(limit)} limit spent (${count(calls)} calls)` }),
    startsAt: started
      ? `Pay-as-you-go has started: ${perCall}, up to your ${dollars(limit)} limit`
      : `Pay-as-you-go starts when the credit or a call cap runs out: ${perCall}, up to your ${dollars(limit)} limit`,
  };
}

/**
 * The period's figures from the billing budget (absent with billing off) and the usage record
 * (docs/BILLING.md#the-meter). The budget's figures win where both carry one, as it is the
 * billing's own reading; the usage record alone serves a server without billing.
 */
export function meterFigures({ budget, usage }: { budget?: MeterBudget | undefined; usage?: MeterUsage | undefined }): MeterFigures {
  const creditCap = budget ? budget.monthlyBudget : (usage?.limits.creditDollars ?? null);
  const creditSpent = budget ? budget.actualCosts : (usage?.cost ?? 0);
  const limits = usage?.limits;
  const reached = (used: number, cap: number | null | undefined) => cap != null && used >= cap;
  const reachedCap =
    reached(creditSpent, creditCap) || reached(usage?.fastCalls ?? 0, limits?.fastCalls) || reached(usage?.premiumCalls ?? 0, limits?.premiumCalls);
  const payg = paygFigures({ budget, reachedCap });
  const paygAfter = payg.enabled;
  return {
    period: budget?.period ?? usage?.period ?? null,
    credit: creditGauge({ spent: creditSpent, cap: creditCap, paygAfter }),
    fast: callGauge({ used: usage?.fastCalls ?? 0, cap: limits?.fastCalls ?? null, unit: 'Fast calls', paygAfter }),
    premium: callGauge({ used: usage?.premiumCalls ?? 0, cap: limits?.premiumCalls ?? null, unit: 'Premium calls', paygAfter }),
    // Voice minutes are not billed pay-as-you-go (docs/BILLING.md): their cap is a stop.
    voice: gauge({
      used: usage?.voiceMinutes ?? 0,
      cap: limits?.voiceMinutes ?? null,
      paygAfter: false,
      text:
        limits?.voiceMinutes == null
          ? `${(usage?.voiceMinutes ?? 0).toFixed(1)} voice minutes · no cap`
          : `${(usage?.voiceMinutes ?? 0).toFixed(1)} of ${count(limits.voiceMinutes)} voice minutes used`,
    }),
    payg,
  };
}
