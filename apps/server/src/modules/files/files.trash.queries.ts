import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { CLAIM_STATUS, FILES, nameSkeleton } from '@bree/contracts';
import type { Db } from '../../db/db';
import type { FileSummaryRow } from './files.presenter';
import { files, summaryColumns } from './files.table';

const live = isNull(files.deletedAt);

/** The names Bree gives a new document ('Untitled.txt', 'Untitled 2.txt'…), as `isDefaultFileName` in packages/contracts reads them. */
const DEFAULT_NAME_PATTERN = `^${FILES.defaultName.slice(0, -FILES.extension.length)}( [0-9]+)?\\${FILES.extension}$`;

/**
 * Documents tied to others by a feature outside this module (a workspace's variants to their
 * master), told to the files module by that feature at wiring time (services.ts), so the files
 * module imports none of them while trashing and restoring stay one statement each.
 */
export interface DocumentLinks {
  /** A select of the ids of the documents that follow `ids` into the Trash (this tenant's). */
  followersOf(q: { tenantId: string; ids: string[] }): SQL;
  /** A condition over the `"files"` row being restored: true while its link still holds. */
  stillLinked(): SQL;
  /** A select of the ids of the documents that follow the listed row `row` (its alias): a master's variants, counted on the list. */
  followersOfRow(row: SQL): SQL;
}

/** No feature links documents: nothing follows, and every link holds. */
export const NO_DOCUMENT_LINKS: DocumentLinks = {
  followersOf: () => sql`select null::text where false`,
  stillLinked: () => sql`true`,
  followersOfRow: () => sql`select null::text where false`,
};

/**
 * The Trash's queries (docs/TRASH.md), part of the files repository: deleting only marks a
 * document, and these are the only queries that read marked ones. Every one filters by tenant,
 * except the maintenance purge.
 */
export function createTrashQueries({ db, links = NO_DOCUMENT_LINKS }: { db: Db; links?: DocumentLinks }) {
  return {
    /**
     * Moves live documents to the Trash; returns the ids moved. A workspace master takes its live
     * variants with it (they would otherwise be listed nowhere); each can be restored on its own.
     */
    async trashByIds({ tenantId, ids, now }: { tenantId: string; ids: string[]; now: Date }): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(files)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), live))
        .returning({ id: files.id });
      const moved = rows.map((r) => r.id);
      if (moved.length > 0) {
        await db
          .update(files)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(files.tenantId, tenantId), sql`${files.id} in (${links.followersOf({ tenantId, ids: moved })})`, live));
      }
      return moved;
    },
    /** A page of the Trash, most recently deleted first. */
    async listTrash({ tenantId, limit, cursor }: { tenantId: string; limit: number; cursor: { u: string; i: string } | null }) {
      const after = cursor ? sql`(${files.deletedAt}, ${files.id}) < (${cursor.u}::timestamptz, ${cursor.i})` : undefined;
      const rows = await db
        .select(summaryColumns)
        .from(files)
        .where(and(eq(files.tenantId, tenantId), isNotNull(files.deletedAt), after))
        .orderBy(sql`${files.deletedAt} desc, ${files.id} desc`)
        .limit(limit + 1);
      // The WHERE says every row has a deletion date.
      return { items: rows.slice(0, limit).map((r) => ({ ...r, deletedAt: r.deletedAt! })), hasMore: rows.length > limit };
    },
    async findTrashed({ tenantId, id }: { tenantId: string; id: string }): Promise<FileSummaryRow | null> {
      const rows = await db
        .select(summaryColumns)
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id), isNotNull(files.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Brings a document back from the Trash at `path` (null if it is not in the Trash; a live path clash throws 23505). */
    async restore({ tenantId, id, path, name, now }: { tenantId: string; id: string; path: string; name: string; now: Date }) {
      const rows = await db
        .update(files)
        // A variant whose workspace is gone (its master deleted for good) comes back as a plain document, listed again.
        .set({
          deletedAt: null,
          path,
          name,
          nameSkeleton: nameSkeleton(name),
          updatedAt: now,
          metadata: sql`case when ${files.metadata} ->> 'masterFileId' is not null and not (${links.stillLinked()})
          then ${files.metadata} - 'masterFileId' - 'workspaceId' - 'variantLabel' - 'variantType' - 'isThreadify' else ${files.metadata} end`,
        })
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id), isNotNull(files.deletedAt)))
        .returning(summaryColumns);
      return rows[0] ?? null;
    },
    /** Deletes a document in the Trash for good (its versions go with it); false if it is not in the Trash. */
    async deleteTrashed({ tenantId, id }: { tenantId: string; id: string }): Promise<boolean> {
      const rows = await db
        .delete(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id), isNotNull(files.deletedAt)))
        .returning({ id: files.id });
      return rows.length > 0;
    },
    /**
     * Deletes a live document for good, without the Trash, only while it is exactly as 'Create new
     * document' made it (docs/TRASH.md "An empty new document is not kept"): its first revision, no
     * text, a name Bree gave it and still waiting for its own (never renamed, never named by a save), Untagged, no other
     * metadata (a word goal, a workspace, a dictation), not a voice sample. One statement, so a save
     * that commits first (revision 2) makes it delete nothing, and a save after it finds no document.
     */
    async discardPristine({ tenantId, id }: { tenantId: string; id: string }): Promise<boolean> {
      const rows = await db
        .delete(files)
        .where(
          and(
            eq(files.tenantId, tenantId),
            eq(files.id, id),
            live,
            eq(files.revision, 1),
            sql`btrim(${files.contentText}) = ''`,
            eq(files.isRepository, false),
            sql`${files.metadata}->>'status' = ${CLAIM_STATUS.claimed}`,
            sql`${files.name} ~ ${DEFAULT_NAME_PATTERN}`,
            sql`coalesce(${files.metadata}->>'authenticity', 'Untagged') = 'Untagged'`,
            sql`${files.metadata} - 'status' - 'authenticity' - 'isULIDFile' = '{}'::jsonb`,
          ),
        )
        .returning({ id: files.id });
      return rows.length > 0;
    },
    /** Maintenance across tenants: deletes up to `limit` documents trashed at `before` or earlier; returns how many. */
    async purgeTrash({ before, limit }: { before: Date; limit: number }): Promise<number> {
      const batch = db.select({ id: files.id }).from(files).where(lte(files.deletedAt, before)).limit(limit);
      const rows = await db.delete(files).where(inArray(files.id, batch)).returning({ id: files.id });
      return rows.length;
    },
  };
}
