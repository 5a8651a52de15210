import type { AiTier, UsageCurrent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { usageErrors } from './usage.errors';
import { PLANS, periodOf, priceOf, reservationDollars, type PlanName } from './usage.plans';
import { presentUsage } from './usage.presenter';
import { createUsageRepository } from './usage.repository';

/** Budget held for one running call, priced for its model; settle it exactly once. Plain data: it travels in a job. */
export interface Reservation {
  tenantId: string;
  period: string;
  tier: AiTier;
  modelId: string;
  dollars: string;
}

/** Dollars as the numeric columns hold them, rounded up so a hold never falls short of its worst case. */
const toDollars = (dollars: number): string => (Math.ceil(dollars * 1e6) / 1e6).toFixed(6);

/** Budget reservation, metering and usage figures. */
export function createUsageService({ db, plan, now }: { db: Db; plan: PlanName; now: () => Date }) {
  const repository = createUsageRepository({ db });
  const limits = PLANS[plan];
  return {
    /**
     * Holds a call's worst-case cost (see reservationDollars) and counts the call, in one statement
     * against the monthly credit and the tier's call cap; throws 402 budget_exceeded when either has no room.
     */
    async reserve({
      tenantId,
      tier,
      modelId,
      promptTokens,
      maxOutputTokens,
    }: {
      tenantId: string;
      tier: AiTier;
      modelId: string;
      promptTokens: number;
      maxOutputTokens: number;
    }): Promise<Reservation> {
      const period = periodOf(now());
      const dollars = toDollars(reservationDollars({ modelId, tier, promptTokens, maxOutputTokens }));
      const ok = await repository.reserve({ tenantId, period, tier, dollars, limits });
      if (!ok) throw usageErrors.budgetExceeded();
      return { tenantId, period, tier, modelId, dollars };
    },

    /** Replaces the reservation by the call's real usage; a call with no tokens at all is not counted. */
    async settle({ reservation, inputTokens, outputTokens }: { reservation: Reservation; inputTokens: number; outputTokens: number }): Promise<void> {
      const cost = priceOf({ modelId: reservation.modelId, tier: reservation.tier, inputTokens, outputTokens });
      await repository.settle({
        tenantId: reservation.tenantId,
        period: reservation.period,
        tier: reservation.tier,
        reserved: reservation.dollars,
        cost: cost.toFixed(6),
        tokens: inputTokens + outputTokens,
        refundCall: outputTokens === 0,
      });
    },

    /** This month's usage record. */
    async current({ tenantId }: { tenantId: string }): Promise<UsageCurrent> {
      const period = periodOf(now());
      return presentUsage({ period, row: await repository.find({ tenantId, period }), limits });
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
