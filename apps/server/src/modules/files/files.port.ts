import type { FileMetadata } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { selectPreparedRows, type Db } from '../../db/db';
import { createContentWriter } from './files.content-write';
import { filesErrors } from './files.errors';
import { createFilesRepository } from './files.repository';
import { files, VOICE_SAMPLE_SQL, type FileRow } from './files.table';

export { attachment } from './files-manage.routes';
export { asOwnerOrGrantee, type DocumentAccess } from './files.access';
export { prepareContent, type PreparedContent } from './files.content';
export type { ContentWrite, ContentWriter, WriteOutcome } from './files.content-write';
export { docToHtmlLazily } from './files.exporters';
export { imageFileName, imageIdsInJson, type ExportImageSource, type ExportImages } from './files.export-images';
export type { DocumentLinks } from './files.trash.queries';
export type { FileRow } from './files.table';
/** Creating and trashing documents (a workspace's variants) are the files service's own operations. */
export type { FilesService } from './files.service';

/**
 * The one 404 for a document that is not there for this tenant: none with this id, another
 * tenant's, or in the Trash (code `file_not_found`). `message` for a caller that knows more.
 */
export function documentNotFound({ message }: { message?: string } = {}) {
  return filesErrors.notFound('with this id', message === undefined ? undefined : { message });
}

/**
 * The one "is this a live document of this tenant?" condition (`tenantId`, `fileId` as values or
 * placeholders of a prepared statement): every read of a document through this port, and the
 * statements other modules compose with it, put it in their WHERE.
 */
export function liveDocument({ tenantId, fileId }: { tenantId: string | Placeholder; fileId: string | Placeholder }): SQL {
  return and(eq(files.tenantId, tenantId), eq(files.id, fileId), isNull(files.deletedAt))!;
}

/** The document columns other modules may read in their own statements (names as stored). */
const DOCUMENT_COLUMNS = [
  'id',
  'tenant_id',
  'path',
  'name',
  'revision',
  'word_count',
  'content',
  'content_text',
  'metadata',
  'is_repository',
  'is_listed',
  'created_at',
  'updated_at',
  'content_updated_at',
  'search_vector',
  'voice_terms',
] as const;
export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];

/**
 * The documents as a relation for another module's own statement (a listing, a search, a join
 * with its table): `(select <columns> from files where deleted_at is null)`, to be aliased by the
 * caller (`… from ${documentsRelation(…)} f`). PostgreSQL pulls such a subquery up into the
 * statement, so its plans and indexes are those of a direct join. Live documents only, unless
 * `includeTrashed` (a report's "last edit" counts a trashed document's too). SQL text, for the
 * modules that send text and parameters (admin, publishing, search); `documentsRelationSql` is
 * the same for drizzle's `sql`.
 */
export function documentsRelation({ columns, includeTrashed = false }: { columns: readonly DocumentColumn[]; includeTrashed?: boolean }): string {
  for (const column of columns) if (!DOCUMENT_COLUMNS.includes(column)) throw new Error(`Not a document column: ${column}`);
  return `(select ${columns.join(', ')} from files${includeTrashed ? '' : ' where deleted_at is null'})`;
}

/** `documentsRelation` as a drizzle `sql` fragment. */
export function documentsRelationSql(args: { columns: readonly DocumentColumn[]; includeTrashed?: boolean }): SQL {
  return sql.raw(documentsRelation(args));
}

/** Each readable column's drizzle column, for reading it back with the table's own mapping. */
const COLUMN_OF = {
  id: files.id,
  tenant_id: files.tenantId,
  path: files.path,
  name: files.name,
  revision: files.revision,
  word_count: files.wordCount,
  content: files.content,
  content_text: files.contentText,
  metadata: files.metadata,
  is_repository: files.isRepository,
  is_listed: files.isListed,
  created_at: files.createdAt,
  updated_at: files.updatedAt,
  content_updated_at: files.contentUpdatedAt,
  search_vector: files.searchVector,
  voice_terms: files.voiceTerms,
} satisfies Record<DocumentColumn, unknown>;

/**
 * A column of the documents relation aliased `alias` in a drizzle select, read back as the files
 * table reads it (dates as Date, jsonb parsed).
 */
export function documentField<C extends DocumentColumn>({ alias, column }: { alias: string; column: C }) {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`Not an alias: ${alias}`);
  return sql.raw(`${alias}.${column}`).mapWith(COLUMN_OF[column]) as SQL<(typeof COLUMN_OF)[C]['_']['data']>;
}

/** Fresh planner figures of the documents (maintenance after a run changed many rows of a table joined to them). */
export const ANALYZE_DOCUMENTS_SQL = 'analyze files';

/**
 * The statement's tail that indexes every document of the tenant `tenantParam` (Trash included)
 * again in the search language `languageColumn` names (a CTE's column, e.g. `s.language` of `from s`):
 * search_vector is the files row's, written here and by the database's trigger (docs/SEARCH.md).
 */
export function reindexSearchTermsSql({ languageColumn, from, tenantParam }: { languageColumn: string; from: string; tenantParam: string }): string {
  return `update files f set search_vector = search_document_vector(('bree_' || ${languageColumn})::regconfig, f.name, f.content_text)
     from ${from} where f.tenant_id = ${tenantParam}`;
}

/** Which files teach the voice, as a condition over the `files` row (files.table.ts `VOICE_SAMPLE_SQL`). */
const isSample: SQL = sql.raw(`(${VOICE_SAMPLE_SQL})`);

/** One sample document's text, newest first. */
export interface VoiceSample {
  id: string;
  contentText: string;
  updatedAt: Date;
}

/**
 * The files module's port: how every other module reads and changes documents (the files
 * module owns the document row: docs/ARCHITECTURE.md). Built once in services.ts. Every function takes one
 * object with `tenantId` and filters by it (the maintenance ones, across tenants, say so).
 */
export function createFilesPort({ db, now = () => new Date(), newId }: { db: Db; now?: () => Date; newId: () => string }) {
  const repository = createFilesRepository({ db });
  const writer = createContentWriter({ db, now, newId });

  /** Whether `fileId` is a live document of the tenant (not another tenant's, not in the Trash). */
  async function exists({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<boolean> {
    const rows = await db.select({ id: files.id }).from(files).where(liveDocument({ tenantId, fileId })).limit(1);
    return rows.length > 0;
  }

  /** Merges fields into a document's metadata, in `tx` when given (the caller's transaction). */
  async function patchMetadata({ tenantId, fileId, patch, tx = db }: { tenantId: string; fileId: string; patch: FileMetadata; tx?: Db }): Promise<void> {
    await tx
      .update(files)
      .set({ metadata: sql`${files.metadata} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId)));
  }

  return {
    exists,
    /** The live document's revision; the one `file_not_found` when there is none. */
    async revisionOf({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<number> {
      const [row] = await db.select({ revision: files.revision }).from(files).where(liveDocument({ tenantId, fileId })).limit(1);
      if (!row) throw documentNotFound();
      return row.revision;
    },
    /** Throws the one `file_not_found` unless `fileId` is a live document of the tenant. */
    async requireLive({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<void> {
      if (!(await exists({ tenantId, fileId }))) throw documentNotFound();
    },
    /**
     * The names of those of `fileIds` that are live documents of the tenant (another tenant's id,
     * a trashed or purged document is absent from the map): a report names documents through this.
     */
    async namesOf({ tenantId, fileIds }: { tenantId: string; fileIds: readonly string[] }): Promise<Map<string, string>> {
      if (fileIds.length === 0) return new Map();
      const rows = await db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, [...fileIds]), isNull(files.deletedAt)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** The whole live row (content, text, figures), or null. */
    async find({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<FileRow | null> {
      return repository.findById({ tenantId, id: fileId });
    },
    /** The live document's tree and revision, or null (dictation's end-of-document write). */
    async readContent({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ content: DocJSON; revision: number } | null> {
      const rows = await db.select({ content: files.content, revision: files.revision }).from(files).where(liveDocument({ tenantId, fileId })).limit(1);
      const row = rows[0];
      return row ? { content: row.content as DocJSON, revision: row.revision } : null;
    },
    patchMetadata,
    /** The one writer of content after creation (files.content-write.ts): revision check, version, answer. */
    writer,

    /** Sets or clears metadata.isTranscribing in one statement (the list sorts such rows first, docs/PRODUCT.md#documents). */
    async setTranscribing({ tenantId, fileId, on, at }: { tenantId: string; fileId: string; on: boolean; at: Date }): Promise<void> {
      await db
        .update(files)
        .set({
          metadata: on
            ? sql`${files.metadata} || jsonb_build_object('isTranscribing', true, 'transcribingSince', ${at.toISOString()}::text)`
            : sql`${files.metadata} - 'isTranscribing' - 'transcribingSince'`,
        })
        .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId)));
    },
    /** Removes the marks left by a server that stopped mid-dictation (set before `before`), across tenants: maintenance. */
    async clearTranscribingMarks({ before }: { before: Date }): Promise<number> {
      const rows = await db
        .update(files)
        .set({ metadata: sql`${files.metadata} - 'isTranscribing' - 'transcribingSince'` })
        .where(
          and(
            sql`${files.metadata} ? 'isTranscribing'`,
            sql`coalesce((${files.metadata} ->> 'transcribingSince')::timestamptz, '-infinity'::timestamptz) < ${before.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: files.id });
      return rows.length;
    },

    /** Whether the tenant has at least one voice sample. */
    async hasVoiceSamples({ tenantId }: { tenantId: string }): Promise<boolean> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(sql`${files.tenantId} = ${tenantId} and ${isSample}`)
        .limit(1);
      return rows.length > 0;
    },
    /** The tenant's voice samples, newest first, at most `limit`. */
    async listVoiceSamples({ tenantId, limit }: { tenantId: string; limit: number }): Promise<VoiceSample[]> {
      return db
        .select({ id: files.id, contentText: files.contentText, updatedAt: files.updatedAt })
        .from(files)
        .where(sql`${files.tenantId} = ${tenantId} and ${isSample}`)
        .orderBy(sql`${files.updatedAt} desc, ${files.id} desc`)
        .limit(limit);
    },
    /**
     * The texts of the samples most like a query (full-text search, ranked by ts_rank); the most
     * recent samples when nothing matches. The stored `voice_terms` (set on samples only, so it
     * also says "is a sample") spares parsing every sample per call. One round trip, prepared, as
     * this runs before every AI call's first token.
     */
    async similarVoiceSamples({ tenantId, query, limit }: { tenantId: string; query: string; limit: number }): Promise<string[]> {
      const q = query.trim() ? sql`websearch_to_tsquery('english', ${query})` : sql`null::tsquery`;
      const rows = await selectPreparedRows<{ content_text: string }>(
        db,
        sql`select ${files.contentText} as content_text
            from ${files}, ${q} q
            where ${files.tenantId} = ${tenantId} and ${files.voiceTerms} is not null
            order by coalesce(${files.voiceTerms} @@ q, false) desc, coalesce(ts_rank(${files.voiceTerms}, q), 0) desc, ${files.updatedAt} desc, ${files.id} desc
            limit ${limit}`,
      );
      return rows.map((r) => r.content_text);
    },
    /**
     * Across tenants (maintenance): each tenant's number of voice samples and their latest change,
     * as a subquery `(tenant_id, n, last)` the voice module joins to its profiles in one statement.
     */
    voiceSampleCounts(): SQL {
      return sql`select ${files.tenantId} as tenant_id, count(*)::int as n, max(${files.updatedAt}) as last
              from ${files} where ${isSample} group by ${files.tenantId}`;
    },
  };
}
export type FilesPort = ReturnType<typeof createFilesPort>;

/** The documents' part of deleting an account (files.tenant-data.ts). */
export { filesTenantData } from './files.tenant-data';
