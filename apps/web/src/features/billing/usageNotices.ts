import { PAYG_DOLLARS_PER_CALL, type BudgetData, type UsageCurrent } from '@bree/contracts';
import { isApproachingThreshold } from './budgetDisplay';

/** docs/BILLING.md#notices: a notice once a cap is 80 % used. */
export const NOTICE_SHARE = 0.8;

/** One notice of the period: `key` names the threshold, so each is shown (and dismissed) once a period. */
export interface UsageNoticeItem {
  key: 'payg-threshold' | 'payg-started' | 'credit-80' | 'fast-80' | 'premium-80' | 'voice-80';
  period: string;
  text: string;
}

const used = (value: number, cap: number | null): boolean => cap !== null && cap > 0 && value >= cap * NOTICE_SHARE;

/**
 * The notices this period's figures call for, most pressing first: pay-as-you-go spending nearing
 * its threshold (the spec's 'approaching your usage limit', which then stands for pay-as-you-go
 * having begun too: one warning about one thing), else pay-as-you-go has begun; then each cap
 * (credit, Fast calls, Premium calls, voice minutes) at 80 % or more (docs/BILLING.md#notices).
 */
export function usageNotices({ usage, budget }: { usage: UsageCurrent | undefined; budget: BudgetData | undefined }): UsageNoticeItem[] {
  const notices: UsageNoticeItem[] = [];
  const payg = budget?.payAsYouGo;
  if (budget && payg?.enabled && isApproachingThreshold(payg.accumulatedCost, payg.overageThreshold))
    notices.push({
      key: 'payg-threshold',
      period: budget.period,
      text: `You're approaching your usage limit ($${payg.accumulatedCost.toFixed(2)} of $${payg.overageThreshold} threshold)`,
    });
  else if (budget && payg && payg.accumulatedCalls > 0)
    notices.push({
      key: 'payg-started',
      period: budget.period,
      text: `Pay-as-you-go has begun: calls now cost about $${PAYG_DOLLARS_PER_CALL.toFixed(2)} each, up to your $${payg.spendingLimit.toFixed(2)} limit ($${payg.accumulatedCost.toFixed(2)} so far).`,
    });
  if (!usage) return notices;
  const { limits, period } = usage;
  const percent = (value: number, cap: number) => Math.min(100, Math.floor((value / cap) * 100));
  if (used(usage.cost, limits.creditDollars))
    notices.push({ key: 'credit-80', period, text: `You've used ${percent(usage.cost, limits.creditDollars ?? 1)} % of this month's AI credit.` });
  if (used(usage.fastCalls, limits.fastCalls))
    notices.push({ key: 'fast-80', period, text: `You've used ${usage.fastCalls} of this month's ${limits.fastCalls} Fast calls.` });
  if (used(usage.premiumCalls, limits.premiumCalls))
    notices.push({ key: 'premium-80', period, text: `You've used ${usage.premiumCalls} of this month's ${limits.premiumCalls} Premium calls.` });
  if (used(usage.voiceMinutes, limits.voiceMinutes))
    notices.push({
      key: 'voice-80',
      period,
      text: `You've used ${Math.round(usage.voiceMinutes)} of this month's ${limits.voiceMinutes} voice minutes.`,
    });
  return notices;
}
