import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { fileVersions, type VersionRow } from './versions.table';

/** Data access for immutable versions; every query is scoped by tenant. */
export function createVersionsRepository({ db }: { db: Db }) {
  return {
    async insert(
      v: Omit<VersionRow, 'createdAt' | 'source' | 'name'> & { createdAt: Date; source?: string | null; name?: string | null },
    ): Promise<VersionRow> {
      const rows = await db.insert(fileVersions).values(v).returning();
      return rows[0]!;
    },
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      return db
        .select({
          id: fileVersions.id,
          fileId: fileVersions.fileId,
          revision: fileVersions.revision,
          reason: fileVersions.reason,
          source: fileVersions.source,
          wordCount: fileVersions.wordCount,
          textChars: fileVersions.textChars,
          aiChars: fileVersions.aiChars,
          createdAt: fileVersions.createdAt,
          name: fileVersions.name,
          preview: sql<string>`left(${fileVersions.contentText}, 160)`,
        })
        .from(fileVersions)
        .where(and(eq(fileVersions.tenantId, tenantId), eq(fileVersions.fileId, fileId)))
        .orderBy(desc(fileVersions.createdAt), desc(fileVersions.id));
    },
    async find({ tenantId, fileId, id }: { tenantId: string; fileId: string; id: string }): Promise<VersionRow | null> {
      const rows = await db
        .select()
        .from(fileVersions)
        .where(and(eq(fileVersions.tenantId, tenantId), eq(fileVersions.fileId, fileId), eq(fileVersions.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Gives one version of the tenant's document its name; null when there is no such version. */
    async rename({ tenantId, fileId, id, name }: { tenantId: string; fileId: string; id: string; name: string }): Promise<VersionRow | null> {
      const rows = await db
        .update(fileVersions)
        .set({ name })
        .where(and(eq(fileVersions.tenantId, tenantId), eq(fileVersions.fileId, fileId), eq(fileVersions.id, id)))
        .returning();
      return rows[0] ?? null;
    },
    /** Unnamed versions' timestamps older than `before`, for thinning, across all tenants (a maintenance job). */
    async listOlderThan({ before, limit }: { before: Date; limit: number }) {
      return (
        db
          .select({ id: fileVersions.id, fileId: fileVersions.fileId, createdAt: fileVersions.createdAt, name: fileVersions.name })
          .from(fileVersions)
          // Named versions are never thinned (docs/PRODUCT.md#versions): they never fill the batch.
          .where(and(sql`${fileVersions.createdAt} < ${before.toISOString()}::timestamptz`, isNull(fileVersions.name)))
          .orderBy(fileVersions.fileId, desc(fileVersions.createdAt))
          .limit(limit)
      );
    },
    async deleteIds({ ids }: { ids: string[] }) {
      if (ids.length === 0) return 0;
      const rows = await db.delete(fileVersions).where(inArray(fileVersions.id, ids)).returning({ id: fileVersions.id });
      return rows.length;
    },
  };
}
export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
