import type { FileMetadata, VariantStatus } from '@bree/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { documentField, documentsRelationSql, type DocumentColumn, type FilesPort } from '../files/files.port';
import { workspaces, workspaceVariants, type VariantRow, type WorkspaceRow } from './workspaces.table';

/** A live document as the workspaces read it, with its workspace (a master's) and its variant row (a variant's). */
export interface WorkspaceFileRow {
  id: string;
  path: string;
  name: string;
  revision: number;
  wordCount: number;
  content: unknown;
  contentText: string;
  createdAt: Date;
  contentUpdatedAt: Date;
  workspace: WorkspaceRow | null;
  variant: VariantRow | null;
}

/** A variant with its document's fields and its master's current revision (for 'stale'). */
export interface VariantListRow {
  variant: VariantRow;
  file: { id: string; path: string; name: string; revision: number; wordCount: number; createdAt: Date; contentUpdatedAt: Date };
  masterRevision: number | null;
}

/** The live documents (`f`) and their fields, through the files module's port. */
const LIVE_DOCUMENTS = documentsRelationSql({
  columns: ['id', 'tenant_id', 'path', 'name', 'revision', 'word_count', 'created_at', 'content_updated_at', 'content', 'content_text'],
});
const field = <C extends DocumentColumn>(column: C) => documentField({ alias: 'f', column });
const fileColumns = {
  id: field('id'),
  path: field('path'),
  name: field('name'),
  revision: field('revision'),
  wordCount: field('word_count'),
  createdAt: field('created_at'),
  contentUpdatedAt: field('content_updated_at'),
};
/** A master's current revision while it is live, for a variant row (null once it is in the Trash or gone). */
const LIVE_MASTERS = documentsRelationSql({ columns: ['id', 'tenant_id', 'revision'] });

/** The workspace fields a variant's metadata mirrors (they keep it out of the main list from its creation on). */
export function variantMetadata(v: Pick<VariantRow, 'masterFileId' | 'workspaceId' | 'label' | 'variantType'>): FileMetadata {
  return {
    isMaster: false,
    isWorkspaceMaster: false,
    masterFileId: v.masterFileId,
    workspaceId: v.workspaceId,
    variantLabel: v.label,
    variantType: v.variantType,
    isThreadify: v.variantType === 'threadify',
  };
}

/** Data access of workspaces and variants. Every function filters by tenantId; documents in the Trash are never read. */
export function createWorkspacesRepository({ db, files }: { db: Db; files: Pick<FilesPort, 'patchMetadata'> }) {
  /** Merges server-owned workspace fields into a document's metadata (the editor and the main list read them there), in `tx`. */
  async function mergeMetadata(tx: Db, { tenantId, fileId, patch }: { tenantId: string; fileId: string; patch: FileMetadata }): Promise<void> {
    await files.patchMetadata({ tenantId, fileId, patch, tx });
  }

  return {
    mergeMetadata: (args: { tenantId: string; fileId: string; patch: FileMetadata }) => mergeMetadata(db, args),

    /** One live document with its workspace and variant rows, in one query; null when not this tenant's or in the Trash. */
    async findFile({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<WorkspaceFileRow | null> {
      const rows = await db
        .select({ ...fileColumns, content: field('content'), contentText: field('content_text'), workspace: workspaces, variant: workspaceVariants })
        .from(sql`${LIVE_DOCUMENTS} f`)
        .leftJoin(workspaces, sql`${workspaces.tenantId} = f.tenant_id and ${workspaces.masterFileId} = f.id`)
        .leftJoin(workspaceVariants, sql`${workspaceVariants.tenantId} = f.tenant_id and ${workspaceVariants.fileId} = f.id`)
        .where(sql`f.tenant_id = ${tenantId} and f.id = ${fileId}`)
        .limit(1);
      return rows[0] ?? null;
    },

    /** Makes `masterFileId` a workspace master, once: a second conversion answers the existing workspace. */
    async createWorkspace(w: { tenantId: string; id: string; masterFileId: string; workspaceType: 'standard'; now: Date }): Promise<WorkspaceRow> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx
          .insert(workspaces)
          .values({ id: w.id, tenantId: w.tenantId, masterFileId: w.masterFileId, workspaceType: w.workspaceType, createdAt: w.now })
          .onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(workspaces)
          .where(and(eq(workspaces.tenantId, w.tenantId), eq(workspaces.masterFileId, w.masterFileId)))
          .limit(1);
        await mergeMetadata(tx, {
          tenantId: w.tenantId,
          fileId: w.masterFileId,
          patch: { isMaster: true, isWorkspaceMaster: true, workspaceId: row!.id, masterFileId: null },
        });
        return row!;
      });
    },

    /** Links a new document to its workspace as a variant, with the metadata that keeps it out of the main list. */
    async insertVariant(v: typeof workspaceVariants.$inferInsert & { tenantId: string; fileId: string }): Promise<void> {
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx.insert(workspaceVariants).values(v);
        await mergeMetadata(tx, { tenantId: v.tenantId, fileId: v.fileId, patch: variantMetadata(v) });
      });
    },

    /** The workspace's live variants, oldest first, with the master's current revision. */
    async listVariants({ tenantId, workspaceId }: { tenantId: string; workspaceId: string }): Promise<VariantListRow[]> {
      const master = sql<
        number | null
      >`(select m.revision from ${LIVE_MASTERS} m where m.tenant_id = ${workspaceVariants.tenantId} and m.id = ${workspaceVariants.masterFileId})`;
      return db
        .select({ variant: workspaceVariants, file: fileColumns, masterRevision: master })
        .from(workspaceVariants)
        .innerJoin(sql`${LIVE_DOCUMENTS} f`, sql`f.tenant_id = ${workspaceVariants.tenantId} and f.id = ${workspaceVariants.fileId}`)
        .where(and(eq(workspaceVariants.tenantId, tenantId), eq(workspaceVariants.workspaceId, workspaceId)))
        .orderBy(asc(workspaceVariants.createdAt), asc(workspaceVariants.fileId));
    },

    async rename({ tenantId, fileId, label }: { tenantId: string; fileId: string; label: string }): Promise<void> {
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx
          .update(workspaceVariants)
          .set({ label })
          .where(and(eq(workspaceVariants.tenantId, tenantId), eq(workspaceVariants.fileId, fileId)));
        await mergeMetadata(tx, { tenantId, fileId, patch: { variantLabel: label } });
      });
    },

    /** A new generation of an existing variant: from now on only `operationId`'s run may fill it. */
    async restart(r: { tenantId: string; fileId: string; operationId: string; masterRevision: number; tier: VariantRow['tier'] }): Promise<void> {
      await db
        .update(workspaceVariants)
        .set({ status: 'generating', failure: null, operationId: r.operationId, masterRevision: r.masterRevision, tier: r.tier })
        .where(and(eq(workspaceVariants.tenantId, r.tenantId), eq(workspaceVariants.fileId, r.fileId)));
    },

    /** A Duplicate made again from the master: ready at once, at the master's revision. */
    async refreshed({ tenantId, fileId, masterRevision }: { tenantId: string; fileId: string; masterRevision: number }): Promise<void> {
      await db
        .update(workspaceVariants)
        .set({ status: 'ready', failure: null, operationId: null, masterRevision })
        .where(and(eq(workspaceVariants.tenantId, tenantId), eq(workspaceVariants.fileId, fileId)));
    },

    /** The variant row of a generation still current (its operation, still generating); null once superseded or finished. */
    async findGenerating({ tenantId, fileId, operationId }: { tenantId: string; fileId: string; operationId: string }): Promise<VariantRow | null> {
      const rows = await db
        .select()
        .from(workspaceVariants)
        .where(
          and(
            eq(workspaceVariants.tenantId, tenantId),
            eq(workspaceVariants.fileId, fileId),
            eq(workspaceVariants.operationId, operationId),
            eq(workspaceVariants.status, 'generating'),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Ends a generation, only if it is still the current one. */
    async finish(f: { tenantId: string; fileId: string; operationId: string; status: VariantStatus; failure: string | null }): Promise<void> {
      await db
        .update(workspaceVariants)
        .set({ status: f.status, failure: f.failure })
        .where(
          and(
            eq(workspaceVariants.tenantId, f.tenantId),
            eq(workspaceVariants.fileId, f.fileId),
            eq(workspaceVariants.operationId, f.operationId),
            eq(workspaceVariants.status, 'generating'),
          ),
        );
    },
  };
}
export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
