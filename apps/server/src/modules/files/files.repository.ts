import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import { CLAIM_STATUS, hasUnstorableText, nameSkeleton, type ContentWriteSource, type FileMetadata, type ListSort } from '@bree/contracts';
import { z } from 'zod';
import { selectRows, type Db } from '../../db/db';
import type { FileSummaryRow } from './files.presenter';
import { fileOperations, files, type FileRow } from './files.table';
import { workspaceVariants } from '../workspaces/workspaces.table';

// The voice search column is for the voice queries only: reading it with every row would ship its terms on each save.
const { voiceTerms: _voiceTerms, ...rowColumns } = getTableColumns(files);
const { content: _content, contentText: _contentText, ...summaryColumns } = rowColumns;

export type FileView = 'documents' | 'repository' | 'all';

/**
 * A list row's live variants (a workspace master's; 0 for any other document), counted on the
 * variants' index. Columns are named with their table: a select of one table leaves them bare.
 */
const variantCount = sql<number>`(select count(*)::int from ${workspaceVariants} v join files vf on vf.tenant_id = v.tenant_id and vf.id = v.file_id and vf.deleted_at is null
  where v.tenant_id = "files"."tenant_id" and v.master_file_id = "files"."id")`;
const listColumns = { ...summaryColumns, variantCount };
export interface NewFile {
  id: string;
  tenantId: string;
  path: string;
  name: string;
  isRepository: boolean;
  content: unknown;
  contentText: string;
  contentSize: number;
  wordCount: number;
  metadata: FileMetadata;
  /** What wrote the first content; 'create' when not said. */
  source?: ContentWriteSource;
  now: Date;
}

/** A unique index refused the write (PostgreSQL 23505), whether or not the driver's error is wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Live documents: not in the Trash. Every read but the Trash's puts this in its WHERE. */
const live = isNull(files.deletedAt);

/** Escapes LIKE wildcards so a directory name is matched literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
}

function viewFilter(view: FileView): SQL | undefined {
  if (view === 'documents') return eq(files.isListed, true);
  if (view === 'repository') return eq(files.isRepository, true);
  return undefined;
}

// An ISO time between 1970 and 9999 (PostgreSQL's timestamptz holds it; a forged year like
// -271821 would reach the database as an error).
const cursorTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/)
  .refine((u) => {
    const ms = Date.parse(u);
    return Number.isFinite(ms) && ms >= 0;
  });

/** The keyset cursor: the sort key of the last row of a page. */
const cursorSchema = z.strictObject({
  t: z.boolean(),
  u: cursorTime,
  i: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  n: z
    .string()
    .max(4000)
    .refine((n) => !hasUnstorableText(n))
    .optional(),
  r: z.number().int().min(0).max(1000).optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}
/** The cursor a client sent back, or null when it is not one this server could have given out. */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** ORDER BY and "after the cursor" condition for each sort; transcribing files always first; dates are content dates. */
function keyset(sort: ListSort, c: Cursor | null): { order: SQL; after: SQL | undefined } {
  const tr = sql`${files.isTranscribing} desc nulls last`;
  if (sort === 'name') {
    return {
      order: sql`${tr}, ${files.nameKey} asc, ${files.id} asc`,
      after: c
        ? sql`(${files.isTranscribing} < ${c.t} or (${files.isTranscribing} = ${c.t} and (${files.nameKey}, ${files.id}) > (${c.n ?? ''}, ${c.i})))`
        : undefined,
    };
  }
  if (sort === 'tag') {
    return {
      order: sql`${tr}, ${files.tagRank} asc, ${files.contentUpdatedAt} desc nulls last, ${files.id} desc nulls last`,
      after: c
        ? sql`(${files.isTranscribing} < ${c.t} or (${files.isTranscribing} = ${c.t} and (${files.tagRank} > ${c.r ?? 3} or (${files.tagRank} = ${c.r ?? 3} and (${files.contentUpdatedAt}, ${files.id}) < (${c.u}::timestamptz, ${c.i})))))`
        : undefined,
    };
  }
  return {
    order: sql`${tr}, ${files.contentUpdatedAt} desc nulls last, ${files.id} desc nulls last`,
    after: c ? sql`(${files.isTranscribing}, ${files.contentUpdatedAt}, ${files.id}) < (${c.t}, ${c.u}::timestamptz, ${c.i})` : undefined,
  };
}

/**
 * Data access for documents. Every function filters by tenantId: tenancy lives in the WHERE.
 * Every function but the Trash's reads live documents only. Content is written here only on
 * creation; every later content write is files.content-write.ts's.
 */
export function createFilesRepository({ db }: { db: Db }) {
  return {
    async findById({ tenantId, id }: { tenantId: string; id: string }): Promise<FileRow | null> {
      const rows = await db
        .select(rowColumns)
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id), live))
        .limit(1);
      return rows[0] ?? null;
    },
    async findByPath({ tenantId, path }: { tenantId: string; path: string }): Promise<FileRow | null> {
      const rows = await db
        .select(rowColumns)
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.path, path), live))
        .limit(1);
      return rows[0] ?? null;
    },
    async pathsLike({ tenantId, stem }: { tenantId: string; stem: string }): Promise<Set<string>> {
      const pattern = `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ path: files.path })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), like(files.path, pattern), live));
      return new Set(rows.map((r) => r.path));
    },
    async hasChildren({ tenantId, directory }: { tenantId: string; directory: string }): Promise<boolean> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), like(files.path, likePrefix(directory)), live))
        .limit(1);
      return rows.length > 0;
    },
    /** Inserts a document; returns null if a live document has the path. */
    async insert(f: NewFile): Promise<FileRow | null> {
      const rows = await db
        .insert(files)
        .values({
          id: f.id,
          tenantId: f.tenantId,
          path: f.path,
          name: f.name,
          nameSkeleton: nameSkeleton(f.name),
          isRepository: f.isRepository,
          content: f.content,
          contentText: f.contentText,
          contentSize: f.contentSize,
          wordCount: f.wordCount,
          metadata: f.metadata,
          lastWriteSource: f.source ?? 'create',
          createdAt: f.now,
          updatedAt: f.now,
          contentUpdatedAt: f.now,
          revision: 1,
        })
        .onConflictDoNothing({ target: [files.tenantId, files.path], where: sql`deleted_at is null` })
        .returning(rowColumns);
      return rows[0] ?? null;
    },
    async listSummaries({ tenantId, directory }: { tenantId: string; directory: string }): Promise<FileSummaryRow[]> {
      const where = and(eq(files.tenantId, tenantId), live, directory ? like(files.path, likePrefix(directory)) : undefined);
      return db.select(summaryColumns).from(files).where(where).orderBy(asc(files.path));
    },
    async listPage(q: { tenantId: string; limit: number; cursor: Cursor | null; sort: ListSort; view: FileView; directory: string }) {
      const { order, after } = keyset(q.sort, q.cursor);
      const conditions = [eq(files.tenantId, q.tenantId), live, viewFilter(q.view), after, q.directory ? like(files.path, likePrefix(q.directory)) : undefined];
      const rows = await db
        .select(listColumns)
        .from(files)
        .where(and(...conditions))
        .orderBy(order)
        .limit(q.limit + 1);
      const hasMore = rows.length > q.limit;
      const items = rows.slice(0, q.limit);
      const last = items.at(-1);
      const nextCursor =
        hasMore && last
          ? encodeCursor({ t: last.isTranscribing ?? false, u: last.contentUpdatedAt.toISOString(), i: last.id, n: last.nameKey ?? '', r: last.tagRank ?? 3 })
          : null;
      return { items, hasMore, nextCursor };
    },
    /**
     * Names a writer could confuse with the given ones: for each skeleton, up to two live listed
     * documents of the tenant having it (two, so a document of the page always finds one that is
     * not itself). An index lookup per skeleton (files_tenant_skeleton_idx).
     */
    async sameSkeletons({ tenantId, skeletons }: { tenantId: string; skeletons: string[] }) {
      if (skeletons.length === 0) return [];
      return selectRows<{ id: string; name: string; path: string; skeleton: string }>(
        db,
        sql`
        select id, name, path, skeleton from (
          select id, name, path, name_skeleton as skeleton,
            row_number() over (partition by name_skeleton order by name_key, id) as rank
          from files
          where tenant_id = ${tenantId} and deleted_at is null and is_listed
            and name_skeleton in (${sql.join(
              skeletons.map((k) => sql`${k}`),
              sql`, `,
            )})
        ) twins where rank <= 2`,
      );
    },
    /** Documents stored before names had skeletons (null): a batch of them, for the startup backfill. */
    async withoutSkeleton({ limit }: { limit: number }) {
      return db.select({ id: files.id, name: files.name }).from(files).where(isNull(files.nameSkeleton)).limit(limit);
    },
    /** Writes the skeletons of a batch in one statement; a document renamed meanwhile already has its own. */
    async setSkeletons(rows: { id: string; name: string }[]): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}, ${r.name}, ${nameSkeleton(r.name)})`),
        sql`, `,
      );
      await db.execute(sql`
        update files set name_skeleton = v.skeleton
        from (values ${values}) as v(id, name, skeleton)
        where files.id = v.id and files.name = v.name and files.name_skeleton is null`);
    },
    /** Fuzzy name search: trigram similarity, or the query as a substring. */
    async search({ tenantId, q, limit, view }: { tenantId: string; q: string; limit: number; view: FileView }) {
      const needle = q.toLowerCase();
      const contains = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select(listColumns)
        .from(files)
        .where(
          and(
            eq(files.tenantId, tenantId),
            live,
            viewFilter(view),
            sql`(${files.nameKey} like ${contains} or word_similarity(${needle}, ${files.nameKey}) > 0.3)`,
          ),
        )
        .orderBy(sql`(${files.nameKey} like ${contains}) desc, word_similarity(${needle}, ${files.nameKey}) desc, ${files.contentUpdatedAt} desc`)
        .limit(limit);
    },
    async update(u: {
      tenantId: string;
      id: string;
      set: Partial<Pick<FileRow, 'path' | 'name' | 'metadata' | 'isRepository' | 'updatedAt' | 'lastVersionAt'>>;
    }) {
      const rows = await db
        .update(files)
        .set(u.set.name === undefined ? u.set : { ...u.set, nameSkeleton: nameSkeleton(u.set.name) })
        .where(and(eq(files.tenantId, u.tenantId), eq(files.id, u.id), live))
        .returning(rowColumns);
      return rows[0] ?? null;
    },
    /**
     * Moves a claimed blank document from `fromPath` to `path` and marks it named, in one
     * statement that also adds `named` to the remembered answer of the save that named it.
     * false when it was renamed, named or moved meanwhile; a taken path throws 23505.
     */
    async nameClaimed(q: {
      tenantId: string;
      id: string;
      fromPath: string;
      path: string;
      name: string;
      operationId?: string;
      named: object;
    }): Promise<boolean> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`
        with upd as (
          update files set path = ${q.path}, name = ${q.name}, name_skeleton = ${nameSkeleton(q.name)}, metadata = metadata || jsonb_build_object('status', ${CLAIM_STATUS.named}::text)
          where tenant_id = ${q.tenantId} and id = ${q.id} and path = ${q.fromPath} and metadata->>'status' = ${CLAIM_STATUS.claimed}
          returning id
        ), op as (
          update file_operations o set answer = o.answer || jsonb_build_object('named', ${JSON.stringify(q.named)}::jsonb)
          from upd where ${q.operationId ?? null}::text is not null and o.tenant_id = ${q.tenantId} and o.operation_id = ${q.operationId ?? null}
        )
        select id from upd`,
      );
      return rows.length > 0;
    },
    /** Marks a claimed document named without moving it (it was claimed under a chosen name). */
    async settleClaim({ tenantId, id }: { tenantId: string; id: string }): Promise<void> {
      await db
        .update(files)
        .set({ metadata: sql`${files.metadata} || jsonb_build_object('status', ${CLAIM_STATUS.named}::text)` })
        .where(and(eq(files.tenantId, tenantId), eq(files.id, id), sql`${files.metadata}->>'status' = ${CLAIM_STATUS.claimed}`));
    },
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
        const variantsOfMoved = db
          .select({ id: workspaceVariants.fileId })
          .from(workspaceVariants)
          .where(and(eq(workspaceVariants.tenantId, tenantId), inArray(workspaceVariants.masterFileId, moved)));
        await db
          .update(files)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(files.tenantId, tenantId), inArray(files.id, variantsOfMoved), live));
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
          metadata: sql`case when ${files.metadata} ->> 'masterFileId' is not null and not exists (
          select 1 from ${workspaceVariants} v where v.tenant_id = "files"."tenant_id" and v.file_id = "files"."id")
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
    /** Maintenance across tenants: deletes up to `limit` documents trashed at `before` or earlier; returns how many. */
    async purgeTrash({ before, limit }: { before: Date; limit: number }): Promise<number> {
      const batch = db.select({ id: files.id }).from(files).where(lte(files.deletedAt, before)).limit(limit);
      const rows = await db.delete(files).where(inArray(files.id, batch)).returning({ id: files.id });
      return rows.length;
    },
    async setAuthenticity({ tenantId, ids, authenticity, now }: { tenantId: string; ids: string[]; authenticity: string; now: Date }) {
      const rows = await db
        .update(files)
        .set({ metadata: sql`${files.metadata} || jsonb_build_object('authenticity', ${authenticity}::text)`, updatedAt: now })
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), live))
        .returning({ id: files.id });
      return rows.map((r) => r.id);
    },
    async findOperation({ tenantId, operationId }: { tenantId: string; operationId: string }) {
      const rows = await db
        .select()
        .from(fileOperations)
        .where(and(eq(fileOperations.tenantId, tenantId), eq(fileOperations.operationId, operationId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async purgeOperations({ olderThan }: { olderThan: Date }) {
      await db.delete(fileOperations).where(sql`${fileOperations.createdAt} < ${olderThan.toISOString()}::timestamptz`);
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
