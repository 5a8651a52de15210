import { sql, type SQL } from 'drizzle-orm';
import type { FileMetadata, ListSort } from '@bree/contracts';
import { selectRows, type Db } from '../../db/db';
import { encodeCursor, type Cursor } from './files.cursor';
import type { FileListRow } from './files.presenter';
import type { DocumentLinks } from './files.trash.queries';

export type FileView = 'documents' | 'repository' | 'all';

/** The look-alike of a listed document, as the list's statements select it. */
export interface SimilarNameRow {
  id: string;
  name: string;
  path: string;
}

/**
 * A listed row's live linked documents (a workspace master's variants, told by `links`), counted
 * for a workspace master only (null for any other document, which the presenter never shows a
 * count for). `row` names the listed row: its alias, or the table's quoted name where a select of
 * one table leaves columns bare.
 */
export function variantCountSql({ row, links }: { row: string; links: DocumentLinks }): SQL<number | null> {
  const listed = sql.raw(row);
  return sql<number | null>`case when (${listed}.metadata->>'isWorkspaceMaster')::boolean then
    (select count(*)::int from files vf where vf.tenant_id = ${listed}.tenant_id and vf.deleted_at is null
     and vf.id in (${links.followersOfRow(listed)})) end`;
}
/**
 * Another live listed document of the tenant whose name has the same look-alike skeleton (the
 * first by name), or null: an index lookup per row (files_tenant_skeleton_idx) in the list's own
 * statement, so a page costs one round trip.
 */
export function similarNameSql(row: string): string {
  return `(select json_build_object('id', o.id, 'name', o.name, 'path', o.path) from files o
   where o.tenant_id = ${row}.tenant_id and o.name_skeleton = ${row}.name_skeleton and o.id <> ${row}.id and o.deleted_at is null and o.is_listed
   order by o.name_key, o.id limit 1)`;
}

/**
 * One page of the document list (GET /files/list-paged, docs/PRODUCT.md#documents) as one hand-written statement:
 * the list is the app's hottest read, and the query builder's per-column mapping cost more than
 * the statement itself (bench/documents.bench.ts). Only the columns the presenter and the cursor
 * read are selected, with each row's variant count and look-alike.
 */
function listSelect(links: DocumentLinks): SQL {
  return sql`select f.id, f.name, f.path, f.is_repository, f.metadata, f.revision, f.word_count, f.created_at,
  f.content_updated_at, f.is_transcribing, f.tag_rank, f.name_key,
  ${variantCountSql({ row: 'f', links })} as variant_count,
  ${sql.raw(similarNameSql('f'))} as similar_name
from files f
where f.tenant_id = `;
}

/** The rows of the statement, as both drivers answer them through drizzle (timestamps as text). */
interface ListPageDbRow {
  id: string;
  name: string;
  path: string;
  is_repository: boolean;
  metadata: FileMetadata;
  revision: number;
  word_count: number;
  created_at: string | Date;
  content_updated_at: string | Date;
  is_transcribing: boolean | null;
  tag_rank: number | null;
  name_key: string | null;
  variant_count: number | null;
  similar_name: SimilarNameRow | null;
}

/** A list row as the presenter takes it, with the keys the cursor is made of. */
export type ListPageRow = FileListRow & { isTranscribing: boolean | null; tagRank: number | null; nameKey: string | null };

// Parsed as drizzle's timestamp columns parse them, so a page's dates and cursors are those the query builder gave.
const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

function toListRow(r: ListPageDbRow): ListPageRow {
  return {
    id: r.id,
    name: r.name,
    path: r.path,
    isRepository: r.is_repository,
    metadata: r.metadata,
    revision: r.revision,
    wordCount: r.word_count,
    createdAt: toDate(r.created_at),
    contentUpdatedAt: toDate(r.content_updated_at),
    isTranscribing: r.is_transcribing,
    tagRank: r.tag_rank,
    nameKey: r.name_key,
    variantCount: r.variant_count,
    similarName: r.similar_name,
  };
}

/** ORDER BY of each sort: transcribing documents always first; dates are content dates (the indexes files_tenant_*_idx follow these). */
const ORDER: Record<ListSort, SQL> = {
  date: sql.raw(' order by f.is_transcribing desc nulls last, f.content_updated_at desc nulls last, f.id desc nulls last limit '),
  name: sql.raw(' order by f.is_transcribing desc nulls last, f.name_key asc, f.id asc limit '),
  tag: sql.raw(' order by f.is_transcribing desc nulls last, f.tag_rank asc, f.content_updated_at desc nulls last, f.id desc nulls last limit '),
};

/** The rows after the cursor's row in the sort's order. */
function after(sort: ListSort, c: Cursor): SQL {
  if (sort === 'name') {
    return sql` and (f.is_transcribing < ${c.t} or (f.is_transcribing = ${c.t} and (f.name_key, f.id) > (${c.n ?? ''}, ${c.i})))`;
  }
  if (sort === 'tag') {
    const rank = c.r ?? 3;
    return sql` and (f.is_transcribing < ${c.t} or (f.is_transcribing = ${c.t} and (f.tag_rank > ${rank} or (f.tag_rank = ${rank} and (f.content_updated_at, f.id) < (${c.u}::timestamptz, ${c.i})))))`;
  }
  return sql` and (f.is_transcribing, f.content_updated_at, f.id) < (${c.t}, ${c.u}::timestamptz, ${c.i})`;
}

const VIEW: Record<FileView, SQL> = {
  documents: sql.raw(' and f.is_listed'),
  repository: sql.raw(' and f.is_repository'),
  all: sql.raw(''),
};

/** Escapes LIKE wildcards so a directory name is matched literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
}

/**
 * One page of a tenant's live documents in the sort's order, after the cursor, and the cursor of
 * the next page when there is one. `directory` ('' for all) keeps the documents under it.
 */
export async function selectListPage(
  db: Db,
  q: { tenantId: string; limit: number; cursor: Cursor | null; sort: ListSort; view: FileView; directory: string },
  links: DocumentLinks,
): Promise<{ items: ListPageRow[]; hasMore: boolean; nextCursor: string | null }> {
  const under = q.directory ? sql` and f.path like ${likePrefix(q.directory)}` : sql.raw('');
  const statement = sql`${listSelect(links)}${q.tenantId} and f.deleted_at is null${VIEW[q.view]}${q.cursor ? after(q.sort, q.cursor) : sql.raw('')}${under}${ORDER[q.sort]}${q.limit + 1}`;
  const rows = await selectRows<ListPageDbRow>(db, statement);
  const hasMore = rows.length > q.limit;
  const items = (hasMore ? rows.slice(0, q.limit) : rows).map(toListRow);
  const last = items.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeCursor({ t: last.isTranscribing ?? false, u: last.contentUpdatedAt.toISOString(), i: last.id, n: last.nameKey ?? '', r: last.tagRank ?? 3 })
      : null;
  return { items, hasMore, nextCursor };
}
