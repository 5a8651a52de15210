import { SEARCH_LANGUAGES, type SearchLanguage } from '@bree/contracts';
import { documentsRelation, reindexSearchTermsSql } from '../files/files.port';

/** Raw SQL with positional parameters (Database.query). */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** How much of a document's text is indexed and highlighted: the migration's search_document_vector uses the same cap. */
export const SEARCH_TEXT_MAX_CHARS = 200_000;

/** The passage window: this many characters before the first matching word, this many in all. */
const WINDOW_BEFORE = 300;
const WINDOW_CHARS = 1500;

/**
 * ts_headline's highlight markers: control characters a passage shows no other way (the text's own
 * are blanked first). ts_headline also drops whatever its parser takes for an HTML tag, so '<' goes
 * in as U+E000 and comes back out: the passage stays the document's exact text.
 */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** A workspace variant: it names a master and is not the master itself (files.table.ts `is_listed`). */
const IS_DRAFT = `(coalesce(f.metadata->>'masterFileId', '') <> '' and coalesce(f.metadata->>'isMaster', 'false') <> 'true')`;
/**
 * What a search may show, for the documents `f` (the files port's relation of live documents): what the document list shows, and variants when the
 * boolean parameter `includeDrafts` (e.g. '$3') is true. Text and meaning search both use it.
 */
export function shownFilesSql(includeDrafts: string): string {
  return `(f.is_listed or (${includeDrafts}::boolean and ${IS_DRAFT} and left(f.name, 14) <> '__UNASSIGNED__'))`;
}
const SHOWN = shownFilesSql('$3');
/** The live documents' columns a search reads, through the files module's port (it owns the files row and its search_vector). */
const SEARCHED = documentsRelation({ columns: ['id', 'tenant_id', 'name', 'metadata', 'content_updated_at', 'is_listed', 'search_vector'] });
const BODIES = documentsRelation({ columns: ['id', 'content_text'] });

/** A document row as search results present it. */
export interface SearchFileRow {
  id: string;
  name: string;
  tag: string | null;
  content_updated_at: Date | string;
  is_draft: boolean;
}

/** A text match: the document, its rank and its passage with highlight markers. */
export interface TextHitRow extends SearchFileRow {
  rank: number;
  headline: string;
  /** Where the passage starts in content_text, in UTF-16 code units as the editor counts; null when not found there. */
  passage_offset: number | null;
}

/**
 * The user's query as two parts: everything but the last word, and the last word when it is still
 * being typed (plain letters or digits at the end, outside quotes, not excluded, not 'or'), which
 * then matches as a prefix ("harb" finds "harbour").
 */
export function splitForPrefix(query: string): { head: string; prefix: string | null } {
  const trimmed = query.trim();
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(trimmed);
  const quotes = (trimmed.match(/"/g) ?? []).length;
  if (!match || quotes % 2 === 1) return { head: trimmed, prefix: null };
  const word = match[2]!;
  const head = trimmed.slice(0, trimmed.length - word.length).trim();
  if (word.toLowerCase() === 'or' || /(^|\s)or$/i.test(head)) return { head: trimmed, prefix: null };
  return { head, prefix: word };
}

/**
 * The tenant's documents matching the query, best first: websearch syntax (phrases in quotes,
 * `-word`, `or`), the last word as a prefix, ranked by cover density with the name above the text.
 * The tenant's configuration is read first so the query reaches the planner as a constant, and the
 * GIN index can be chosen for it.
 */
export async function findTextMatches(query: Query, input: { tenantId: string; query: string; limit: number; includeDrafts: boolean }): Promise<TextHitRow[]> {
  const { head, prefix } = splitForPrefix(input.query);
  const config = `bree_${searchLanguage(await readLanguage(query, input.tenantId))}`;
  return query<TextHitRow>(
    `with t as (
       select case when numnode(last) = 0 then head else head && (last::text || ':*')::tsquery end as q
       from (select websearch_to_tsquery($6::regconfig, $2) as head, websearch_to_tsquery($6::regconfig, coalesce($4, '')) as last) p
     ),
     hits as materialized (
       select f.id, f.name, f.metadata->>'authenticity' as tag, f.content_updated_at, ${IS_DRAFT} as is_draft,
              ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', f.search_vector, t.q) as rank, t.q
       from t join ${SEARCHED} f on f.search_vector @@ t.q
       where f.tenant_id = $1 and numnode(t.q) > 0 and ${SHOWN}
       order by rank desc, f.content_updated_at desc, f.id
       limit $5
     ),
     -- The text is read for the documents shown only: a common word matches many more.
     bodies as materialized (
       select h.*, left(f.content_text, ${SEARCH_TEXT_MAX_CHARS}) as body from hits h join ${BODIES} f on f.id = h.id
     ),
     -- The passage comes from a window around the first place a query term starts a word: ts_headline
     -- parses all it is given, and a document can be long. No place found (a match in the name only,
     -- or a stem spelled differently in the text): the window is the start of the text.
     found as materialized (
       select *, coalesce(regexp_instr(unaccent(lower(body)), '\\m(' || pattern || ')'), 0) as first_at
       from (select *, (select string_agg(regexp_replace(m[1], '([^[:alnum:]])', '\\\\\\1', 'g'), '|')
                        from regexp_matches(q::text, '''((?:[^'']|'''')+)''', 'g') as m) as pattern
             from bodies) h
     ),
     windowed as materialized (
       select *, substr(body, window_start + 1, ${WINDOW_CHARS}) as excerpt
       from (select *, case when first_at <= ${WINDOW_BEFORE} then 0 else first_at - 1 - ${WINDOW_BEFORE} end as window_start from found) w
     ),
     lit as materialized (
       select *, translate(ts_headline($6::regconfig, translate(excerpt, '<' || chr(2) || chr(3), chr(57344) || '  '), q,
                 'MaxFragments=1, MaxWords=35, MinWords=15, StartSel=' || chr(2) || ', StopSel=' || chr(3)), chr(57344), '<') as headline
       from windowed
     ),
     placed as materialized (
       select *, strpos(excerpt, replace(replace(headline, chr(2), ''), chr(3), '')) as at_in_excerpt from lit
     )
     select id, name, tag, content_updated_at, is_draft, rank::float8 as rank, headline,
            case when at_in_excerpt = 0 then null
                 else window_start + at_in_excerpt - 1
                      + regexp_count(left(body, window_start + at_in_excerpt - 1), '[\\U00010000-\\U0010FFFF]') end as passage_offset
     from placed
     order by rank desc, content_updated_at desc, id`,
    [input.tenantId, head, input.includeDrafts, prefix, input.limit, config],
  );
}

/** The given documents of the tenant that a search may show (live; variants only with drafts). */
export async function findShownFiles(query: Query, input: { tenantId: string; fileIds: string[]; includeDrafts: boolean }): Promise<SearchFileRow[]> {
  if (input.fileIds.length === 0) return [];
  return query<SearchFileRow>(
    `select f.id, f.name, f.metadata->>'authenticity' as tag, f.content_updated_at, ${IS_DRAFT} as is_draft
     from ${SEARCHED} f where f.tenant_id = $1 and f.id = any($2::text[]) and ${SHOWN}`,
    [input.tenantId, input.fileIds, input.includeDrafts],
  );
}

/** A stored language as one of the list ('simple' for anything else). */
export function searchLanguage(stored: string | undefined): SearchLanguage {
  return SEARCH_LANGUAGES.find((l) => l === stored) ?? 'simple';
}

/** The tenant's search language ('simple' until chosen). */
export async function readLanguage(query: Query, tenantId: string): Promise<SearchLanguage> {
  const rows = await query<{ language: string }>('select language from search_settings where tenant_id = $1', [tenantId]);
  return searchLanguage(rows[0]?.language);
}

/** Stores the tenant's search language and indexes every one of its documents (Trash included) in it, in one statement. */
export async function writeLanguage(query: Query, input: { tenantId: string; language: SearchLanguage; now: Date }): Promise<void> {
  await query(
    `with s as (
       insert into search_settings (tenant_id, language, updated_at) values ($1, $2, $3)
       on conflict (tenant_id) do update set language = excluded.language, updated_at = excluded.updated_at
       returning language
     )
     ${reindexSearchTermsSql({ languageColumn: 's.language', from: 's', tenantParam: '$1' })}`,
    [input.tenantId, input.language, input.now],
  );
}
