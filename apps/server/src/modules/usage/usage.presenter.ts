import type { UsageCurrent } from '@bree/contracts';
import type { usagePeriods } from './usage.table';

type UsageRow = typeof usagePeriods.$inferSelect;

/** A usage record; costs and reservations stay on the server for now. */
export function presentUsage({ period, row }: { period: string; row: UsageRow | null }): UsageCurrent {
  return {
    fastCalls: row?.fastCalls ?? 0,
    premiumCalls: row?.premiumCalls ?? 0,
    fastTokens: row?.fastTokens ?? 0,
    premiumTokens: row?.premiumTokens ?? 0,
    voiceMinutes: Number(row?.voiceMinutes ?? 0),
    period,
  };
}
