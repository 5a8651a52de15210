import { and, asc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { CLAIM_STATUS, nameSkeleton, type Authorship, type ContentWriteSource, type FileMetadata, type ListSort } from '@bree/contracts';
import { selectRows, type Db } from '../../db/db';
import type { Cursor } from './files.cursor';
import { likePrefix, selectListPage, similarNameSql, variantCountSql, type FileView, type SimilarNameRow } from './files.list-page';
import { createTrashQueries, NO_DOCUMENT_LINKS, type DocumentLinks } from './files.trash.queries';
import type { FileListRow } from './files.presenter';
import { saveReceipts, files, rowColumns, summaryColumns, type FileRow } from './files.table';

export type { FileView, SimilarNameRow };

const similarName = sql<SimilarNameRow | null>`${sql.raw(similarNameSql('"files"'))}`;
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
  /** The figures and schema version of the content (PreparedContent's). */
  authorship: Authorship;
  editorVersion: number;
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

function viewFilter(view: FileView): SQL | undefined {
  if (view === 'documents') return eq(files.isListed, true);
  if (view === 'repository') return eq(files.isRepository, true);
  return undefined;
}

/**
 * Data access for documents. Every function filters by tenantId: tenancy lives in the WHERE.
 * Every function but the Trash's reads live documents only. Content is written here only on
 * creation; every later content write is files.content-write.ts's.
 */
export function createFilesRepository({ db, links = NO_DOCUMENT_LINKS }: { db: Db; links?: DocumentLinks }) {
  // The full list and search carry the paged list's per-row figures, from the same SQL (files.list-page.ts).
  const listColumns = { ...summaryColumns, variantCount: variantCountSql({ row: '"files"', links }), similarName };
  return {
    ...createTrashQueries({ db, links }),
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
    /** A document's name and content as stored JSON text, unparsed (exports parse it where they render). */
    async findContentJsonByPath({ tenantId, path }: { tenantId: string; path: string }): Promise<{ id: string; name: string; contentJson: string } | null> {
      const rows = await db
        .select({ id: files.id, name: files.name, contentJson: sql<string>`${files.content}::text` })
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
          editorVersion: f.editorVersion,
          textChars: f.authorship.textChars,
          aiChars: f.authorship.aiChars,
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
    async listSummaries({ tenantId, directory }: { tenantId: string; directory: string }): Promise<FileListRow[]> {
      const where = and(eq(files.tenantId, tenantId), live, directory ? like(files.path, likePrefix(directory)) : undefined);
      return db
        .select({ ...summaryColumns, similarName })
        .from(files)
        .where(where)
        .orderBy(asc(files.path));
    },
    /** One page of the document list: one hand-written statement (files.list-page.ts). */
    async listPage(q: { tenantId: string; limit: number; cursor: Cursor | null; sort: ListSort; view: FileView; directory: string }) {
      return selectListPage(db, q, links);
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
     * statement that also adds `named` to the save receipt of the save that named it.
     * false when it was renamed, named or moved meanwhile; a taken path throws 23505.
     */
    async nameClaimed(q: { tenantId: string; id: string; fromPath: string; path: string; name: string; saveKey?: string; named: object }): Promise<boolean> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`
        with upd as (
          update files set path = ${q.path}, name = ${q.name}, name_skeleton = ${nameSkeleton(q.name)}, metadata = metadata || jsonb_build_object('status', ${CLAIM_STATUS.named}::text)
          where tenant_id = ${q.tenantId} and id = ${q.id} and path = ${q.fromPath} and metadata->>'status' = ${CLAIM_STATUS.claimed}
          returning id
        ), receipt as (
          update file_operations o set answer = o.answer || jsonb_build_object('named', ${JSON.stringify(q.named)}::jsonb)
          from upd where ${q.saveKey ?? null}::text is not null and o.tenant_id = ${q.tenantId} and o.operation_id = ${q.saveKey ?? null}
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
    async setAuthenticity({ tenantId, ids, authenticity, now }: { tenantId: string; ids: string[]; authenticity: string; now: Date }) {
      const rows = await db
        .update(files)
        .set({ metadata: sql`${files.metadata} || jsonb_build_object('authenticity', ${authenticity}::text)`, updatedAt: now })
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), live))
        .returning({ id: files.id });
      return rows.map((r) => r.id);
    },
    /** The save receipt of a save key: the answer its first write gave. */
    async findSaveReceipt({ tenantId, saveKey }: { tenantId: string; saveKey: string }) {
      const rows = await db
        .select()
        .from(saveReceipts)
        .where(and(eq(saveReceipts.tenantId, tenantId), eq(saveReceipts.saveKey, saveKey)))
        .limit(1);
      return rows[0] ?? null;
    },
    async purgeSaveReceipts({ olderThan }: { olderThan: Date }) {
      await db.delete(saveReceipts).where(sql`${saveReceipts.createdAt} < ${olderThan.toISOString()}::timestamptz`);
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
