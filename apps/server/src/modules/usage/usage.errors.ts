import type { BudgetRefusalDetails } from '@bree/contracts';
import { PAYG_DOLLARS_PER_CALL, type AiTier } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** What a refused call found used up: the credit or the tier's call cap. */
export type RanOut = 'credit' | 'fastCalls' | 'premiumCalls';

/** Errors of the usage domain. */
export const usageErrors = {
  /** docs/BILLING.md#refusals: `details` says which limit ran out and what is left of the others. */
  budgetExceeded: (details?: BudgetRefusalDetails) =>
    new AppError({
      status: 402,
      code: 'budget_exceeded',
      message: 'Budget limit exceeded. Please upgrade your plan to continue.',
      ...(details ? { details } : {}),
    }),
  /**
   * The call needs pay-as-you-go, which the writer has not turned on (docs/BILLING.md#pay-as-you-go):
   * the details let the app ask in place, with the price of a call, and say what is left (docs/BILLING.md#refusals).
   */
  paygOff: ({ tier, ranOut, ...known }: { tier: AiTier; ranOut: RanOut } & Partial<Pick<BudgetRefusalDetails, 'plan' | 'left' | 'payg'>>) =>
    new AppError({
      status: 402,
      code: 'payg_off',
      message: `${ranOut === 'credit' ? "This month's AI credit is used up" : `${tier === 'fast' ? 'Fast' : 'Premium'} calls for this month are used up`}. Turn on pay-as-you-go (about $${PAYG_DOLLARS_PER_CALL.toFixed(2)} a call, up to a spending limit you set) to continue.`,
      details: { dollarsPerCall: PAYG_DOLLARS_PER_CALL, ranOut, tier, ...known },
    }),
  voiceMinutesExceeded: () =>
    new AppError({
      status: 402,
      code: 'voice_minutes_exceeded',
      message: "Voice minutes quota exceeded. You have used this month's voice minutes of your plan.",
    }),
};
