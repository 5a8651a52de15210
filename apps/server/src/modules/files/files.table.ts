import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FileMetadata } from '@bree/contracts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Which files teach the voice (docs/PRODUCT.md#voice): repository files and documents tagged Human, never
 * those tagged AI or AI-Assisted — even in the repository, a machine-written text is not the author's —
 * and never a document in the Trash.
 * Plain SQL over the files table's own columns, so that the generated `voice_terms` column below
 * and the voice samples' reads of the files port (files.port.ts) share one definition. It lives here,
 * with the column it defines, so the files module imports no feature module.
 */
export const VOICE_SAMPLE_SQL = `(is_repository or metadata->>'authenticity' = 'Human')
  and coalesce(metadata->>'authenticity', '') not in ('AI', 'AI-Assisted')
  and length(content_text) > 0
  and deleted_at is null`;

/**
 * How much of a sample its search vector covers: ~17,000 words find a topic, and the bound keeps
 * any text well below PostgreSQL's 1 MB tsvector limit (a larger one would make the save fail).
 */
export const VOICE_TERMS_MAX_CHARS = 100_000;

/** Rows in the Trash: kept (and restorable) until the maintenance job purges them. */
const LIVE = sql`deleted_at is null`;

/**
 * A document. `content` is the editor's document tree; `content_text` its plain text, kept
 * for search and counts. `revision` rises by one on every content change (saves check it).
 * Sort and filter columns are generated from metadata so they can never drift from it.
 * `updated_at` moves on any change of the row (the voice refresh watches it); `content_updated_at`
 * only when the text changes, so 'Edited …' and the date sort ignore renames and tags.
 * A deleted document is in the Trash (`deleted_at` set): every read but the Trash's ignores it,
 * and its path is free again (the unique path index covers live documents only).
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    isRepository: boolean('is_repository').notNull().default(false),
    content: jsonb('content').notNull(),
    contentText: text('content_text').notNull().default(''),
    contentSize: integer('content_size').notNull().default(0),
    wordCount: integer('word_count').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    metadata: jsonb('metadata').$type<FileMetadata>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    contentUpdatedAt: timestamp('content_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the document was moved to the Trash; null while it is live. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    lastVersionAt: timestamp('last_version_at', { withTimezone: true, mode: 'date' }),
    /** What wrote the current content ('autosave', 'upload', 'restore'…): set by the one content write and on creation. */
    lastWriteSource: text('last_write_source'),
    /** The editor schema version the content was saved under (EDITOR_VERSION; docs/PROVENANCE.md): rows from before version 2 stay 1. */
    editorVersion: smallint('editor_version').notNull().default(1),
    /** Characters of the text (whitespace left out) and how many carry the AI mark; null when unknown (stored before the figures were). */
    textChars: integer('text_chars'),
    aiChars: integer('ai_chars'),
    tagRank: smallint('tag_rank').generatedAlwaysAs(
      sql`case metadata->>'authenticity' when 'Human' then 0 when 'AI-Assisted' then 1 when 'AI' then 2 else 3 end`,
    ),
    isTranscribing: boolean('is_transcribing').generatedAlwaysAs(sql`coalesce(metadata->>'isTranscribing' = 'true', false)`),
    isListed: boolean('is_listed').generatedAlwaysAs(
      sql`not (coalesce(metadata->>'masterFileId', '') <> '' and coalesce(metadata->>'isMaster', 'false') <> 'true') and left(name, 14) <> '__UNASSIGNED__'`,
    ),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    /**
     * The look-alike skeleton of the name (`nameSkeleton` in packages/contracts/src/names.ts:
     * NFKC, case folded, Cyrillic and Greek look-alikes as Latin), written by files.repository with
     * every name. The list finds documents whose names a writer could confuse with it. Computed in
     * TypeScript (PostgreSQL's lower() depends on the database locale); null until the startup
     * backfill reaches a document stored before the column existed.
     */
    nameSkeleton: text('name_skeleton'),
    /**
     * The search terms of a voice sample (null on every other file), stored so that finding the
     * passages of a prompt reads an index instead of parsing every sample on each AI call.
     * Never selected with the row: files.repository leaves it out.
     */
    voiceTerms: tsvector('voice_terms').generatedAlwaysAs(
      sql.raw(`case when ${VOICE_SAMPLE_SQL} then to_tsvector('english', left(content_text, ${VOICE_TERMS_MAX_CHARS})) end`),
    ),
    /**
     * The full-text search terms of the name (weight A) and the text (weight D), in the tenant's
     * search language: written by the database's own trigger on every insert and on every change
     * of the name or text (docs/SEARCH.md). Never selected with the row.
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    uniqueIndex('files_tenant_path_uq').on(t.tenantId, t.path).where(LIVE),
    index('files_tenant_date_idx').on(t.tenantId, t.isTranscribing.desc(), t.contentUpdatedAt.desc(), t.id.desc()).where(LIVE),
    index('files_tenant_name_idx').on(t.tenantId, t.isTranscribing.desc(), t.nameKey, t.id).where(LIVE),
    index('files_tenant_tag_idx').on(t.tenantId, t.isTranscribing.desc(), t.tagRank, t.contentUpdatedAt.desc(), t.id.desc()).where(LIVE),
    index('files_trash_idx')
      .on(t.tenantId, t.deletedAt.desc(), t.id.desc())
      .where(sql`deleted_at is not null`),
    index('files_tenant_skeleton_idx').on(t.tenantId, t.nameSkeleton).where(LIVE),
    index('files_name_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`),
    index('files_voice_terms_idx')
      .using('gin', t.voiceTerms)
      .where(sql`${t.voiceTerms} is not null`),
    // Written straight into the index: without a pending list to scan, a search stays an index lookup (PGlite has no autovacuum to flush one).
    index('files_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);
/** A file as the app reads it: everything but the two search columns. */
export type FileRow = Omit<typeof files.$inferSelect, 'voiceTerms' | 'searchVector'>;

/**
 * Save receipts: the remembered answers of content saves, so a save retried with the same key is
 * answered without a second write. The table and column keep their first names (`file_operations`,
 * `operation_id`: the save's `operationId` on the wire).
 */
export const saveReceipts = pgTable(
  'file_operations',
  {
    tenantId: text('tenant_id').notNull(),
    saveKey: text('operation_id').notNull(),
    fileId: text('file_id').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.saveKey] }), index('file_operations_created_idx').on(t.createdAt)],
);

// The search columns are for the search queries only: reading them with every row would ship their terms on each save.
const { voiceTerms: _voiceTerms, searchVector: _searchVector, ...readColumns } = getTableColumns(files);
/** The columns of a document as the files module reads it. */
export const rowColumns = readColumns;
const { content: _content, contentText: _contentText, ...summaryOnly } = rowColumns;
/** The columns of a document summary: everything but its content. */
export const summaryColumns = summaryOnly;
