import type { TokenBalance } from '@bree/contracts';
import { PAYG_DOLLARS_PER_CALL } from '@bree/contracts';
import { PLANS } from '../usage/usage.plans';
import { planTypeOf } from './billing.plans';
import type { BillingAccount } from './billing.repository';

const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;

/** docs/PRODUCT.md#billing: the Free grant, the subscription and this period's pay-as-you-go. */
export function presentTokenBalance({
  account,
  figures,
  bounds,
  spendingLimit,
}: {
  account: BillingAccount | null;
  /** This period's pay-as-you-go calls and their tokens. */
  figures: { paygCalls: number; paygTokens: number };
  bounds: { start: Date; end: Date };
  spendingLimit: number;
}): TokenBalance {
  const free = PLANS.free;
  const pro = PLANS.pro;
  const isPro = planTypeOf(account) === 'PRO';
  const { paygCalls, paygTokens } = figures;
  return {
    freeTokens: account?.freeAllocatedAt
      ? {
          creditDollars: free.creditDollars,
          fastCalls: free.fastCalls,
          premiumCalls: free.premiumCalls,
          fastTokens: null,
          premiumTokens: null,
          voiceMinutes: free.voiceMinutes,
          allocatedAt: account.freeAllocatedAt.toISOString(),
          allocatedBy: account.freeAllocatedBy ?? '',
        }
      : null,
    subscriptionTokens:
      isPro && account?.subscriptionId
        ? {
            planType: 'PRO',
            creditDollars: pro.creditDollars,
            fastCalls: pro.fastCalls,
            premiumCalls: pro.premiumCalls,
            fastTokens: null,
            premiumTokens: null,
            voiceMinutes: pro.voiceMinutes,
            currentPeriodStart: iso(account.currentPeriodStart),
            currentPeriodEnd: iso(account.currentPeriodEnd),
            subscriptionId: account.subscriptionId,
            billingCycle: { startDate: iso(account.currentPeriodStart), endDate: iso(account.currentPeriodEnd) },
          }
        : null,
    payAsYouGoTokens: isPro
      ? {
          accumulatedTokens: paygTokens,
          accumulatedCalls: paygCalls,
          accumulatedCost: Math.round(paygCalls * PAYG_DOLLARS_PER_CALL * 100) / 100,
          spendingLimit,
          periodStart: bounds.start.toISOString(),
          periodEnd: bounds.end.toISOString(),
          invoiceId: account?.lastInvoiceId ?? null,
        }
      : null,
    stripeCustomerId: account?.stripeCustomerId ?? null,
    createdAt: iso(account?.createdAt),
    updatedAt: iso(account?.updatedAt),
  };
}
