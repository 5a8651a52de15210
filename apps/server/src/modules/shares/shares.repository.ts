import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FileMetadata } from '@bree/contracts';
import { selectRows, type Db } from '../../db/db';
import { documentsRelationSql } from '../files/files.port';
import { shares } from './shares.table';

/** The documents a share page reads, live only, through the files module's port. */
const LIVE_DOCUMENTS = documentsRelationSql({ columns: ['id', 'tenant_id', 'content', 'name', 'word_count', 'metadata', 'content_updated_at'] });

/** A live shared document as its public page needs it. */
export interface SharedRow {
  content: unknown;
  name: string;
  wordCount: number;
  metadata: FileMetadata;
  contentUpdatedAt: Date;
  sharedAt: Date;
}

/**
 * Data access for shares. The author's functions filter by tenantId; the public ones find a
 * share by its slug only, and only while its document is live (a document in the Trash is not shared).
 */
export function createSharesRepository({ db }: { db: Db }) {
  return {
    async find({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const rows = await db
        .select()
        .from(shares)
        .where(and(eq(shares.tenantId, tenantId), eq(shares.fileId, fileId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Switches sharing on with this slug; a share switched on anew starts its date and view count again. */
    async enable({ tenantId, fileId, slug, now }: { tenantId: string; fileId: string; slug: string; now: Date }): Promise<string> {
      const rows = await db
        .insert(shares)
        .values({ tenantId, fileId, slug, createdAt: now, updatedAt: now, viewCount: 0 })
        .onConflictDoUpdate({
          target: [shares.tenantId, shares.fileId],
          // Two tabs switching on at once get the same link: an existing slug is kept.
          set: {
            slug: sql`coalesce(${shares.slug}, excluded.slug)`,
            createdAt: sql`case when ${shares.slug} is null then excluded.created_at else ${shares.createdAt} end`,
            viewCount: sql`case when ${shares.slug} is null then 0 else ${shares.viewCount} end`,
            updatedAt: now,
          },
        })
        .returning({ slug: shares.slug });
      return rows[0]!.slug!;
    },
    /** Replaces the slug of a shared document; null when it is not shared. */
    async replaceSlug({ tenantId, fileId, slug, now }: { tenantId: string; fileId: string; slug: string; now: Date }): Promise<string | null> {
      const rows = await db
        .update(shares)
        .set({ slug, updatedAt: now })
        .where(and(eq(shares.tenantId, tenantId), eq(shares.fileId, fileId), isNotNull(shares.slug)))
        .returning({ slug: shares.slug });
      return rows[0]?.slug ?? null;
    },
    async disable({ tenantId, fileId, now }: { tenantId: string; fileId: string; now: Date }): Promise<void> {
      await db
        .update(shares)
        .set({ slug: null, updatedAt: now })
        .where(and(eq(shares.tenantId, tenantId), eq(shares.fileId, fileId)));
    },
    /** Every live shared document's slug and last edit, newest first (the sitemap's part, docs/PUBLIC-SITE.md). */
    async listShared({ limit }: { limit: number }): Promise<Array<{ slug: string; contentUpdatedAt: Date }>> {
      const rows = await selectRows<{ slug: string; contentUpdatedAt: Date | string }>(
        db,
        sql`select ${shares.slug} as slug, f.content_updated_at as "contentUpdatedAt"
            from ${shares} join ${LIVE_DOCUMENTS} f on f.tenant_id = ${shares.tenantId} and f.id = ${shares.fileId}
            where ${shares.slug} is not null
            order by f.content_updated_at desc
            limit ${limit}`,
      );
      return rows.map((r) => ({ slug: r.slug, contentUpdatedAt: new Date(r.contentUpdatedAt) }));
    },
    /** The share's document while it is live (read through the files module's port), in one statement. */
    async findShared(slug: string): Promise<SharedRow | null> {
      const rows = await selectRows<SharedRow>(
        db,
        sql`select f.content, f.name, f.word_count as "wordCount", f.metadata, f.content_updated_at as "contentUpdatedAt", ${shares.createdAt} as "sharedAt"
            from ${shares} join ${LIVE_DOCUMENTS} f on f.tenant_id = ${shares.tenantId} and f.id = ${shares.fileId}
            where ${shares.slug} = ${slug}
            limit 1`,
      );
      const row = rows[0];
      // A raw statement's dates may arrive as text (the drivers differ): the page needs Dates.
      return row ? { ...row, contentUpdatedAt: new Date(row.contentUpdatedAt), sharedAt: new Date(row.sharedAt) } : null;
    },
    async countView(slug: string): Promise<void> {
      await db
        .update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1` })
        .where(eq(shares.slug, slug));
    },
  };
}
export type SharesRepository = ReturnType<typeof createSharesRepository>;
