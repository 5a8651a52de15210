import type { FileMetadata, VariantStatus } from '@bree/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { files } from '../files/files.table';
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

const fileColumns = {
  id: files.id,
  path: files.path,
  name: files.name,
  revision: files.revision,
  wordCount: files.wordCount,
  createdAt: files.createdAt,
  contentUpdatedAt: files.contentUpdatedAt,
};

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
export function createWorkspacesRepository({ db }: { db: Db }) {
  /** Merges server-owned workspace fields into a document's metadata (the editor and the main list read them there). */
  async function mergeMetadata(tx: Db, { tenantId, fileId, patch }: { tenantId: string; fileId: string; patch: FileMetadata }): Promise<void> {
    await tx
      .update(files)
      .set({ metadata: sql`${files.metadata} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId)));
  }

  return {
    mergeMetadata: (args: { tenantId: string; fileId: string; patch: FileMetadata }) => mergeMetadata(db, args),

    /** One live document with its workspace and variant rows, in one query; null when not this tenant's or in the Trash. */
    async findFile({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<WorkspaceFileRow | null> {
      const rows = await db
        .select({ ...fileColumns, content: files.content, contentText: files.contentText, workspace: workspaces, variant: workspaceVariants })
        .from(files)
        .leftJoin(workspaces, and(eq(workspaces.tenantId, files.tenantId), eq(workspaces.masterFileId, files.id)))
        .leftJoin(workspaceVariants, and(eq(workspaceVariants.tenantId, files.tenantId), eq(workspaceVariants.fileId, files.id)))
        .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId), isNull(files.deletedAt)))
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
      >`(select m.revision from files m where m.tenant_id = ${workspaceVariants.tenantId} and m.id = ${workspaceVariants.masterFileId} and m.deleted_at is null)`;
      return db
        .select({ variant: workspaceVariants, file: fileColumns, masterRevision: master })
        .from(workspaceVariants)
        .innerJoin(files, and(eq(files.tenantId, workspaceVariants.tenantId), eq(files.id, workspaceVariants.fileId), isNull(files.deletedAt)))
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
