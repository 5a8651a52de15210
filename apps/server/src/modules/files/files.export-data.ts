import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { files, rowColumns, VOICE_SAMPLE_SQL, type FileRow } from './files.table';

/** A document as 'Export all my data' writes it: the whole row, and whether it teaches the voice. */
export interface ExportedFileRow extends FileRow {
  isVoiceSample: boolean;
}

/**
 * The documents' part of 'Export all my data' (docs/ACCOUNT.md "Export all my data"): every
 * document of one tenant, the Trash included, read in id order a page at a time so that an
 * account of any size streams. Built by services.ts and handed to modules/account.
 */
export function createFilesExportData({ db }: { db: Db }) {
  return {
    /** How many documents the tenant has, live and in the Trash. */
    async count({ tenantId }: { tenantId: string }): Promise<{ live: number; trashed: number }> {
      const rows = await db
        .select({
          live: sql<number>`count(*) filter (where ${files.deletedAt} is null)::int`,
          trashed: sql<number>`count(*) filter (where ${files.deletedAt} is not null)::int`,
        })
        .from(files)
        .where(eq(files.tenantId, tenantId));
      return { live: Number(rows[0]?.live ?? 0), trashed: Number(rows[0]?.trashed ?? 0) };
    },
    /** The next `limit` documents of the tenant after `afterId` (id order), content included. */
    async page({ tenantId, afterId, limit }: { tenantId: string; afterId: string | null; limit: number }): Promise<ExportedFileRow[]> {
      return db
        .select({ ...rowColumns, isVoiceSample: sql<boolean>`coalesce(${sql.raw(`(${VOICE_SAMPLE_SQL})`)}, false)` })
        .from(files)
        .where(afterId === null ? eq(files.tenantId, tenantId) : and(eq(files.tenantId, tenantId), gt(files.id, afterId)))
        .orderBy(asc(files.id))
        .limit(limit);
    },
  };
}
export type FilesExportData = ReturnType<typeof createFilesExportData>;
