import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { fileVersions, type VersionRow } from './versions.table';

/**
 * The versions' part of 'Export all my data' and of `npm run import-account` (docs/ACCOUNT.md
 * "Export all my data"): a document's versions a page at a time, and a version written back
 * as it was exported (its text already checked by the caller). Built by services.ts.
 */
export function createVersionsExportData({ db }: { db: Db }) {
  return {
    /** The next `limit` versions of one document of the tenant after `afterId` (oldest first). */
    async page({ tenantId, fileId, afterId, limit }: { tenantId: string; fileId: string; afterId: string | null; limit: number }): Promise<VersionRow[]> {
      const own = and(eq(fileVersions.tenantId, tenantId), eq(fileVersions.fileId, fileId));
      return db
        .select()
        .from(fileVersions)
        .where(afterId === null ? own : and(own, gt(fileVersions.id, afterId)))
        .orderBy(asc(fileVersions.id))
        .limit(limit);
    },
    /** Stores an imported version of a document of the tenant, with its own date and revision. */
    async insert(row: VersionRow): Promise<void> {
      await db.insert(fileVersions).values(row);
    },
  };
}
export type VersionsExportData = ReturnType<typeof createVersionsExportData>;
