import type { UsageCurrent } from '@bree/contracts';
import type { PlanLimits } from './usage.plans';
import type { usagePeriods } from './usage.table';

type UsageRow = typeof usagePeriods.$inferSelect;

/** A usage record with what the client's budget check needs: money spent and held, and the plan's limits. */
export function presentUsage({ period, row, limits }: { period: string; row: UsageRow | null; limits: PlanLimits }): UsageCurrent {
  return {
    fastCalls: row?.fastCalls ?? 0,
    premiumCalls: row?.premiumCalls ?? 0,
    fastTokens: row?.fastTokens ?? 0,
    premiumTokens: row?.premiumTokens ?? 0,
    voiceMinutes: Number(row?.voiceMinutes ?? 0),
    period,
    cost: Number(row?.cost ?? 0),
    reserved: Number(row?.reserved ?? 0),
    limits: { ...limits },
  };
}
