import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { usageEvents, usagePeriods } from './usage.table';

/**
 * Usage's part of 'Export all my data' (docs/ACCOUNT.md "Export all my data"): the monthly
 * totals and every metered call of one tenant, the calls a page at a time.
 */
export function createUsageExportData({ db }: { db: Db }) {
  return {
    /** The tenant's months, oldest first. */
    async months({ tenantId }: { tenantId: string }) {
      return db.select().from(usagePeriods).where(eq(usagePeriods.tenantId, tenantId)).orderBy(asc(usagePeriods.period));
    },
    /** The next `limit` metered calls of the tenant after `afterId`, oldest first. */
    async calls({ tenantId, afterId, limit }: { tenantId: string; afterId: number | null; limit: number }) {
      return db
        .select()
        .from(usageEvents)
        .where(afterId === null ? eq(usageEvents.tenantId, tenantId) : and(eq(usageEvents.tenantId, tenantId), gt(usageEvents.id, afterId)))
        .orderBy(asc(usageEvents.id))
        .limit(limit);
    },
  };
}
export type UsageExportData = ReturnType<typeof createUsageExportData>;
