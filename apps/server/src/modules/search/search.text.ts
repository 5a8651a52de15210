import type { SearchLanguage } from '@bree/contracts';

/** Raw SQL with positional parameters (Database.query). */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** How much of a document's text is indexed and highlighted: the migration's search_document_vector uses the same cap. */
export const SEARCH_TEXT_MAX_CHARS = 200_000;

/**
 * ts_headline's highlight markers: control characters a passage shows no other way (the text's own
 * are blanked first). ts_headline also drops whatever its parser takes for an HTML tag, so '<' goes
 * in as U+E000 and comes back out: the passage stays the document's exact text.
 */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** A workspace variant: it names a master and is not the master itself (files.table.ts `is_listed`). */
const IS_DRAFT = `(coalesce(f.metadata->>'masterFileId', '') <> '' and coalesce(f.metadata->>'isMaster', 'false') <> 'true')`;
/** What a search may show: what the document list shows, and variants when drafts are asked for. */
const SHOWN = `f.deleted_at is null and (f.is_listed or ($3::boolean and ${IS_DRAFT} and left(f.name, 14) <> '__UNASSIGNED__'))`;

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
 */
export async function findTextMatches(query: Query, input: { tenantId: string; query: string; limit: number; includeDrafts: boolean }): Promise<TextHitRow[]> {
  const { head, prefix } = splitForPrefix(input.query);
  return query<TextHitRow>(
    `with c as (select search_config_of($1) as cfg),
     p as (select cfg, websearch_to_tsquery(cfg, $2) as head, websearch_to_tsquery(cfg, coalesce($4, '')) as last from c),
     t as (select cfg, case when numnode(last) = 0 then head else head && (last::text || ':*')::tsquery end as q from p),
     hits as (
       select f.id, f.name, f.metadata->>'authenticity' as tag, f.content_updated_at, ${IS_DRAFT} as is_draft,
              ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', f.search_vector, t.q) as rank,
              left(f.content_text, ${SEARCH_TEXT_MAX_CHARS}) as body, t.cfg, t.q
       from t join files f on f.search_vector @@ t.q
       where f.tenant_id = $1 and numnode(t.q) > 0 and ${SHOWN}
       order by rank desc, f.content_updated_at desc, f.id
       limit $5
     ),
     lit as (
       select *, translate(ts_headline(cfg, translate(body, '<' || chr(2) || chr(3), chr(57344) || '  '), q,
                 'MaxFragments=1, MaxWords=35, MinWords=15, StartSel=' || chr(2) || ', StopSel=' || chr(3)), chr(57344), '<') as headline
       from hits
     ),
     placed as (select *, strpos(body, replace(replace(headline, chr(2), ''), chr(3), '')) - 1 as char_offset from lit)
     select id, name, tag, content_updated_at, is_draft, rank::float8 as rank, headline,
            case when char_offset < 0 then null
                 else char_offset + regexp_count(left(body, char_offset), '[\\U00010000-\\U0010FFFF]') end as passage_offset
     from placed
     order by rank desc, content_updated_at desc, id`,
    [input.tenantId, head, input.includeDrafts, prefix, input.limit],
  );
}

/** The given documents of the tenant that a search may show (live; variants only with drafts). */
export async function findShownFiles(query: Query, input: { tenantId: string; fileIds: string[]; includeDrafts: boolean }): Promise<SearchFileRow[]> {
  if (input.fileIds.length === 0) return [];
  return query<SearchFileRow>(
    `select f.id, f.name, f.metadata->>'authenticity' as tag, f.content_updated_at, ${IS_DRAFT} as is_draft
     from files f where f.tenant_id = $1 and f.id = any($2::text[]) and ${SHOWN}`,
    [input.tenantId, input.fileIds, input.includeDrafts],
  );
}

/** The tenant's search language ('simple' until chosen). */
export async function readLanguage(query: Query, tenantId: string): Promise<string> {
  const rows = await query<{ language: string }>('select language from search_settings where tenant_id = $1', [tenantId]);
  return rows[0]?.language ?? 'simple';
}

/** Stores the tenant's search language and indexes every one of its documents (Trash included) in it, in one statement. */
export async function writeLanguage(query: Query, input: { tenantId: string; language: SearchLanguage; now: Date }): Promise<void> {
  await query(
    `with s as (
       insert into search_settings (tenant_id, language, updated_at) values ($1, $2, $3)
       on conflict (tenant_id) do update set language = excluded.language, updated_at = excluded.updated_at
       returning language
     )
     update files f set search_vector = search_document_vector(('bree_' || s.language)::regconfig, f.name, f.content_text)
     from s where f.tenant_id = $1`,
    [input.tenantId, input.language, input.now],
  );
}
