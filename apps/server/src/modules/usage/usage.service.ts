import type { AiTier, UsageCurrent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { usageErrors } from './usage.errors';
import { PLANS, periodOf, priceOf, RESERVATION_DOLLARS, type PlanName } from './usage.plans';
import { presentUsage } from './usage.presenter';
import { createUsageRepository } from './usage.repository';

/** Budget held for one running call; settle it exactly once. */
export interface Reservation {
  tenantId: string;
  period: string;
  tier: AiTier;
  dollars: string;
}

/** Budget reservation, metering and usage figures. */
export function createUsageService({ db, plan, now }: { db: Db; plan: PlanName; now: () => Date }) {
  const repository = createUsageRepository({ db });
  const limits = PLANS[plan];
  return {
    /** Reserves budget for one call, or throws 402 budget_exceeded. */
    async reserve({ tenantId, tier }: { tenantId: string; tier: AiTier }): Promise<Reservation> {
      const period = periodOf(now());
      const dollars = RESERVATION_DOLLARS.toFixed(6);
      const ok = await repository.reserve({ tenantId, period, tier, dollars, limits });
      if (!ok) throw usageErrors.budgetExceeded();
      return { tenantId, period, tier, dollars };
    },

    /** Replaces the reservation by the call's real usage; a call with no tokens at all is not counted. */
    async settle({
      reservation,
      modelId,
      inputTokens,
      outputTokens,
    }: {
      reservation: Reservation;
      modelId: string;
      inputTokens: number;
      outputTokens: number;
    }): Promise<void> {
      const cost = priceOf({ modelId, tier: reservation.tier, inputTokens, outputTokens });
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
