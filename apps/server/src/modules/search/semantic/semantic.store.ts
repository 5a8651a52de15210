import { ANALYZE_DOCUMENTS_SQL, documentsRelation } from '../../files/files.port';
import { shownFilesSql } from '../search.text';

/** Raw SQL with positional parameters (Database.query): pgvector's operators and casts read best as SQL. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * The embedding tables, made at start-up rather than by a migration: migrations must run on every
 * PostgreSQL, and `vector` exists only where pgvector is installed (always in the embedded database).
 * The column has no fixed dimension because each model has its own; rows carry their model, and a
 * search reads only the configured model's rows. Idempotent.
 */
/** Each document's passage nearest the query vector ($3), for the tenant ($1) and model ($2). */
const BEST_PASSAGE_PER_FILE = `select distinct on (file_id) file_id, passage_index, embedding <=> $3::vector as distance
    from file_passages
   where tenant_id = $1 and model = $2
   order by file_id, distance, passage_index`;

const SETUP = [
  'create extension if not exists vector',
  `create table if not exists file_passages (
    tenant_id text not null,
    file_id text not null,
    model text not null,
    passage_index integer not null,
    passage_offset integer not null,
    passage_text text not null,
    embedding vector not null
  )`,
  'create index if not exists file_passages_tenant_model_idx on file_passages (tenant_id, model)',
  'create index if not exists file_passages_file_idx on file_passages (file_id, model, passage_index)',
  // One row per indexed document: which model embedded which text (md5 of content_text).
  `create table if not exists file_passage_state (
    file_id text primary key,
    tenant_id text not null,
    model text not null,
    content_hash text not null,
    indexed_at timestamptz not null default now()
  )`,
  'create index if not exists file_passage_state_tenant_idx on file_passage_state (tenant_id, model)',
];

/** Runs the set-up; false (with the database's reason) when pgvector is not installed here. */
export async function setUpEmbeddingTables(query: Query): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    for (const statement of SETUP) await query(statement);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** pgvector's text form of a vector. */
export const vectorLiteral = (values: number[]): string => `[${values.join(',')}]`;

/** A document waiting for (new) embeddings. */
export interface StaleDocument {
  fileId: string;
  tenantId: string;
  text: string;
  contentHash: string;
}

/** A document's best passage for a query. */
export interface PassageRow {
  file_id: string;
  passage_text: string;
  passage_offset: number;
  score: number;
}

// The live documents, read through the files module's port (it owns the files row).
const KEYS = documentsRelation({ columns: ['id', 'tenant_id'] });
const STALE_SOURCE = documentsRelation({ columns: ['id', 'tenant_id', 'content_text', 'content_updated_at'] });
const SHOWN_SOURCE = documentsRelation({ columns: ['id', 'tenant_id', 'name', 'metadata', 'is_listed'] });
const SAMPLE_SOURCE = documentsRelation({ columns: ['id', 'tenant_id', 'voice_terms'] });

/** The SQL of meaning search. Every statement that reads or writes a tenant's rows names the tenant. */
export function createEmbeddingStore({ query }: { query: Query }) {
  return {
    /**
     * Live documents whose text has no embeddings by `model` yet, or has changed since (left alone
     * until `cutoff`, so a document being typed in is embedded once it settles), oldest edit first.
     */
    async stale({ model, cutoff, limit, skipTenants, skipFiles }: { model: string; cutoff: Date; limit: number; skipTenants: string[]; skipFiles: string[] }) {
      const rows = await query<{ id: string; tenant_id: string; content_text: string; hash: string }>(
        `select f.id, f.tenant_id, f.content_text, md5(f.content_text) as hash
           from ${STALE_SOURCE} f left join file_passage_state s on s.file_id = f.id
          where f.content_updated_at <= $2
            and (s.file_id is null or s.model <> $1 or s.content_hash <> md5(f.content_text))
            and f.tenant_id <> all($4::text[]) and f.id <> all($5::text[])
          order by f.content_updated_at, f.id
          limit $3`,
        [model, cutoff, limit, skipTenants, skipFiles],
      );
      return rows.map((r): StaleDocument => ({ fileId: r.id, tenantId: r.tenant_id, text: r.content_text, contentHash: r.hash }));
    },

    /** Replaces a document's passages and records the text they were made from, in one statement. */
    async replace({
      tenantId,
      fileId,
      model,
      contentHash,
      passages,
    }: {
      tenantId: string;
      fileId: string;
      model: string;
      contentHash: string;
      passages: { offset: number; text: string; embedding: number[] }[];
    }): Promise<void> {
      await query(
        `with gone as (delete from file_passages where tenant_id = $1 and file_id = $2),
              added as (
                insert into file_passages (tenant_id, file_id, model, passage_index, passage_offset, passage_text, embedding)
                select $1, $2, $3, p.ord - 1, p.passage_offset, p.passage_text, p.embedding::vector
                  from unnest($5::int[], $6::text[], $7::text[]) with ordinality as p(passage_offset, passage_text, embedding, ord)
              )
         insert into file_passage_state (file_id, tenant_id, model, content_hash, indexed_at)
         values ($2, $1, $3, $4, now())
         on conflict (file_id) do update set model = excluded.model, content_hash = excluded.content_hash, indexed_at = excluded.indexed_at`,
        [tenantId, fileId, model, contentHash, passages.map((p) => p.offset), passages.map((p) => p.text), passages.map((p) => vectorLiteral(p.embedding))],
      );
    },

    /**
     * Fresh planner figures after a run changed rows: the embedded database has no autovacuum, and
     * without them the search joins passages to files row by row instead of by key.
     */
    async analyze(): Promise<void> {
      await query('analyze file_passages');
      await query('analyze file_passage_state');
      await query(ANALYZE_DOCUMENTS_SQL);
    },

    /** Forgets the passages of documents in the Trash or deleted for good. */
    async sweepDeleted(): Promise<number> {
      const gone = await query(
        `delete from file_passages p where not exists (select 1 from ${KEYS} f where f.id = p.file_id and f.tenant_id = p.tenant_id) returning 1`,
      );
      await query(`delete from file_passage_state s where not exists (select 1 from ${KEYS} f where f.id = s.file_id and f.tenant_id = s.tenant_id)`);
      return gone.length;
    },

    /**
     * The tenant's documents ranked by their passage nearest the query (cosine), best first. An exact
     * scan of the tenant's rows: correct under the tenant filter at any size a writer reaches (see
     * docs/SEARCH-MEANING.md); documents in the Trash never, drafts (workspace variants) only when asked.
     */
    async nearest({
      tenantId,
      model,
      embedding,
      threshold,
      limit,
      includeDrafts,
    }: {
      tenantId: string;
      model: string;
      embedding: number[];
      threshold: number;
      limit: number;
      includeDrafts: boolean;
    }): Promise<PassageRow[]> {
      // Ranks by id and distance first and reads the text of the winners only: carrying every
      // passage's text through the sort is what makes a naive query slow.
      const rows = await query<PassageRow>(
        `with best as (${BEST_PASSAGE_PER_FILE}), top as (
           select b.* from best b join ${SHOWN_SOURCE} f on f.id = b.file_id and f.tenant_id = $1
            where 1 - b.distance >= $4 and ${shownFilesSql('$6')}
            order by b.distance, b.file_id
            limit $5
         )
         select t.file_id, p.passage_text, p.passage_offset, greatest(0, 1 - t.distance) as score
           from top t join file_passages p on p.file_id = t.file_id and p.model = $2 and p.passage_index = t.passage_index and p.tenant_id = $1
          order by t.distance, t.file_id`,
        [tenantId, model, vectorLiteral(embedding), threshold, limit, includeDrafts],
      );
      return rows.map((r) => ({ ...r, score: Number(r.score), passage_offset: Number(r.passage_offset) }));
    },

    /**
     * The passages of the tenant's voice samples nearest a text, one per sample, best first (the
     * stored `voice_terms` is set on samples only, so it says "is a sample").
     */
    async nearestSamplePassages({
      tenantId,
      model,
      embedding,
      limit,
    }: {
      tenantId: string;
      model: string;
      embedding: number[];
      limit: number;
    }): Promise<string[]> {
      const rows = await query<{ passage_text: string }>(
        `with best as (${BEST_PASSAGE_PER_FILE}), top as (
           select b.* from best b join ${SAMPLE_SOURCE} f on f.id = b.file_id and f.tenant_id = $1
            where f.voice_terms is not null
            order by b.distance, b.file_id
            limit $4
         )
         select p.passage_text
           from top t join file_passages p on p.file_id = t.file_id and p.model = $2 and p.passage_index = t.passage_index and p.tenant_id = $1
          order by t.distance, t.file_id`,
        [tenantId, model, vectorLiteral(embedding), limit],
      );
      return rows.map((r) => r.passage_text);
    },

    /** The tenant's live documents, and how many have embeddings of their current text by `model`. */
    async progress({ tenantId, model }: { tenantId: string; model: string }): Promise<{ indexed: number; total: number }> {
      const [row] = await query<{ indexed: number; total: number }>(
        `select count(*)::int as total,
                count(s.file_id)::int as indexed
           from ${STALE_SOURCE} f left join file_passage_state s
             on s.file_id = f.id and s.tenant_id = f.tenant_id and s.model = $2 and s.content_hash = md5(f.content_text)
          where f.tenant_id = $1`,
        [tenantId, model],
      );
      return { indexed: Number(row?.indexed ?? 0), total: Number(row?.total ?? 0) };
    },
  };
}
export type EmbeddingStore = ReturnType<typeof createEmbeddingStore>;
