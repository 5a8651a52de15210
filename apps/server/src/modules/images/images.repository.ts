import { IMAGE_LIMITS, imageSrc } from '@bree/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
import { documentsRelationSql } from '../files/files.port';
import { images, type ImageRow } from './images.table';

/** Where an image's address appears in a document's stored JSON text (jsonb writes a string value quoted). */
function quotedSrc(id: string): string {
  return JSON.stringify(imageSrc(id));
}

/** The tenant's image of the same document stored from the same uploaded bytes. */
function findSame(db: Pick<Db, 'select'>, { tenantId, fileId, sourceSha256 }: Pick<ImageRow, 'tenantId' | 'fileId' | 'sourceSha256'>) {
  if (!sourceSha256) return Promise.resolve([]);
  return db
    .select()
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.fileId, fileId), eq(images.sourceSha256, sourceSha256)))
    .limit(1);
}

export function createImagesRepository({ db }: { db: Db }) {
  return {
    /** The image of this document already stored from these uploaded bytes, if any. */
    async findSame(source: Pick<ImageRow, 'tenantId' | 'fileId' | 'sourceSha256'>): Promise<ImageRow | null> {
      return (await findSame(db, source))[0] ?? null;
    },
    /**
     * Inserts the row unless the tenant's images, this one included, would exceed the account's
     * limit: one transaction holding a per-tenant advisory lock, so two uploads at once cannot both
     * fit into the last megabytes (every Bree process takes the same lock). Answers the bytes used before, and whether it was stored.
     */
    async insertWithinQuota(row: ImageRow): Promise<{ stored: boolean; usedBytes: number; same?: ImageRow }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bree-images:${row.tenantId}`}, 0))`);
        // Under the tenant's lock: of two identical uploads at once, the second finds the first.
        const [same] = row.sourceSha256 ? await findSame(tx, row) : [];
        if (same) return { stored: false, usedBytes: 0, same };
        const [used] = await selectRows<{ total: string | number | null }>(
          tx,
          sql`select coalesce(sum(bytes), 0) as total from ${images} where tenant_id = ${row.tenantId}`,
        );
        const usedBytes = Number(used?.total ?? 0);
        if (usedBytes + row.bytes > IMAGE_LIMITS.maxAccountBytes) return { stored: false, usedBytes };
        await tx.insert(images).values(row);
        return { stored: true, usedBytes };
      });
    },
    async find({ tenantId, id }: { tenantId: string; id: string }): Promise<ImageRow | null> {
      const rows = await db
        .select()
        .from(images)
        .where(and(eq(images.tenantId, tenantId), eq(images.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Which document (and tenant) an image belongs to, whoever asks: the grant resolver then decides. */
    async locate(id: string): Promise<{ tenantId: string; fileId: string } | null> {
      const rows = await db.select({ tenantId: images.tenantId, fileId: images.fileId }).from(images).where(eq(images.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Every image of the tenant, oldest first ('Export all my data'). */
    async listByTenant({ tenantId }: { tenantId: string }): Promise<ImageRow[]> {
      return db.select().from(images).where(eq(images.tenantId, tenantId)).orderBy(asc(images.createdAt), asc(images.id));
    },
    /** The given images of the tenant (an export's images, read from its document). */
    async findMany({ tenantId, ids }: { tenantId: string; ids: readonly string[] }): Promise<ImageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(images)
        .where(and(eq(images.tenantId, tenantId), inArray(images.id, [...ids])));
    },
    /**
     * Sweeps up to `limit` images whose document is gone for good (purged from the Trash). One that
     * another document of its tenant still shows (a Duplicate or a variant keeps the original's
     * image addresses; a trashed document counts, it may come back) moves to that document;
     * the others are removed. Answers the removed rows' storage keys, for blob storage.
     */
    async removeOrphans({ limit, tenantId }: { limit: number; tenantId?: string }): Promise<string[]> {
      const all = documentsRelationSql({ columns: ['id', 'tenant_id', 'content'], includeTrashed: true });
      const candidates = await selectRows<{ id: string }>(
        db,
        sql`select i.id from ${images} i
            where ${tenantId === undefined ? sql`true` : sql`i.tenant_id = ${tenantId}`}
              and not exists (select 1 from ${all} f where f.id = i.file_id and f.tenant_id = i.tenant_id)
            order by i.created_at
            limit ${limit}`,
      );
      const keys: string[] = [];
      for (const { id } of candidates) {
        const showing = sql`select f.id from ${all} f where f.tenant_id = i.tenant_id and position(${quotedSrc(id)} in f.content::text) > 0 limit 1`;
        const moved = await selectRows<{ id: string }>(
          db,
          sql`update ${images} i set file_id = (${showing}) where i.id = ${id} and exists (${showing}) returning i.id`,
        );
        if (moved.length > 0) continue;
        const removed = await selectRows<{ storageKey: string }>(
          db,
          sql`delete from ${images} i where i.id = ${id}
              and not exists (select 1 from ${all} f where f.id = i.file_id and f.tenant_id = i.tenant_id)
              returning storage_key as "storageKey"`,
        );
        keys.push(...removed.map((row) => row.storageKey));
      }
      return keys;
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
