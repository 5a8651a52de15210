import type { SearchStatus } from '@bree/contracts';
import type { ModelRunner } from '../../ai/ai.runner';
import { PROVIDER_ENV } from '../../ai/ai.setup';
import { AppError, commonErrors } from '../../../lib/errors';
import type { PassageMatch, SemanticAvailability, SemanticSearch } from '../search.ports';
import { semanticSearchOff } from '../search.ports';
import { splitPassages } from './semantic.passages';
import { createEmbeddingStore, setUpEmbeddingTables, type Query, type StaleDocument } from './semantic.store';

/** A document is embedded once it has rested this long: typing saves every few seconds, and each embedding costs. */
export const INDEX_SETTLE_MS = 30_000;
/** Documents read per round of an index run. */
const INDEX_BATCH = 20;

const NO_EXTENSION =
  'Search by meaning needs the pgvector extension, which this PostgreSQL database does not have (install pgvector, or use the embedded database). Text search works without it.';

/** What an index run did. */
export interface IndexRun {
  indexed: number;
  failed: number;
  removed: number;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Search by meaning over the tenants' documents: the `SemanticSearch` port (search.ports.ts) plus
 * the index it reads: passages of each document's text embedded with AI_EMBEDDING_MODEL through
 * the metered call, kept in step by `indexStale` (the 'search-index' job), and the tenant's progress.
 */
export function createSemanticSearch({
  query,
  embedding,
  now,
  settleMs = INDEX_SETTLE_MS,
}: {
  query: Query;
  /** The model-call runner's metered embeddings (ai.runner.ts). */
  embedding: ModelRunner['embedding'];
  now: () => Date;
  /** How long a document rests before it is embedded (tests: 0). */
  settleMs?: number;
}) {
  const store = createEmbeddingStore({ query });
  const model = embedding.model();
  let availability: SemanticAvailability = semanticSearchOff.availability();
  if (model && !embedding.isConfigured()) {
    const provider = model.slice(0, model.indexOf(':'));
    availability = {
      available: false,
      reason: 'no_model',
      message: `Search by meaning needs the embedding model's provider: AI_EMBEDDING_MODEL=${model} needs ${PROVIDER_ENV[provider] ?? 'its provider credentials'}. Text search works without it.`,
    };
  }
  let indexing: Promise<IndexRun> | null = null;

  /** Embeds one document's passages and stores them with the hash of the text they came from. */
  async function indexDocument(doc: StaleDocument, currentModel: string, log?: Logger): Promise<boolean> {
    const passages = splitPassages(doc.text);
    let vectors: number[][] = [];
    if (passages.length > 0) {
      const outcome = await embedding.embed({ tenantId: doc.tenantId, fileId: doc.fileId, texts: passages.map((p) => p.text) });
      if (!outcome.ok) {
        log?.warn({ fileId: doc.fileId, failure: outcome.failure.kind }, 'embedding a document failed; the next index run tries again');
        return false;
      }
      vectors = outcome.vectors;
    }
    await store.replace({
      tenantId: doc.tenantId,
      fileId: doc.fileId,
      model: currentModel,
      contentHash: doc.contentHash,
      passages: passages.map((p, i) => ({ offset: p.offset, text: p.text, embedding: vectors[i] ?? [] })),
    });
    return true;
  }

  async function runIndex(currentModel: string, log?: Logger): Promise<IndexRun> {
    const run: IndexRun = { indexed: 0, failed: 0, removed: await store.sweepDeleted() };
    // A tenant out of budget waits for next month; a document whose call failed waits for the next run.
    const skipTenants: string[] = [];
    const skipFiles: string[] = [];
    for (;;) {
      const cutoff = new Date(now().getTime() - settleMs);
      const batch = await store.stale({ model: currentModel, cutoff, limit: INDEX_BATCH, skipTenants, skipFiles });
      if (batch.length === 0) {
        if (run.indexed + run.removed > 0) await store.analyze();
        return run;
      }
      for (const doc of batch) {
        if (skipTenants.includes(doc.tenantId)) continue;
        try {
          if (await indexDocument(doc, currentModel, log)) run.indexed += 1;
          else {
            run.failed += 1;
            skipFiles.push(doc.fileId);
          }
        } catch (error) {
          if (!(error instanceof AppError && error.status === 402)) throw error;
          skipTenants.push(doc.tenantId);
        }
      }
    }
  }

  const service = {
    /**
     * Sets up the embedding tables when a model is configured (idempotent: every start runs it).
     * Without pgvector, meaning search stays off with the reason; the start-up summary says it once.
     */
    async prepare(): Promise<SemanticAvailability> {
      if (!model || !embedding.isConfigured()) return availability;
      const setUp = await setUpEmbeddingTables(query);
      availability = setUp.ok ? { available: true, model } : { available: false, reason: 'no_extension', message: NO_EXTENSION };
      return availability;
    },

    availability: (): SemanticAvailability => availability,

    async searchDocuments({
      tenantId,
      query: text,
      limit,
      threshold,
      includeDrafts,
    }: Parameters<SemanticSearch['searchDocuments']>[0]): Promise<PassageMatch[]> {
      if (!availability.available) return [];
      const outcome = await embedding.embed({ tenantId, texts: [text] });
      if (!outcome.ok || !outcome.vectors[0])
        throw commonErrors.unavailable('vector_search_unavailable', 'The embedding model did not answer. Try again in a moment; text search works meanwhile.');
      const rows = await store.nearest({ tenantId, model: availability.model, embedding: outcome.vectors[0], threshold, limit, includeDrafts });
      return rows.map((r) => ({ fileId: r.file_id, score: r.score, passage: r.passage_text, passageOffset: r.passage_offset }));
    },

    /**
     * Embeds every live document whose text changed (or was embedded by another model) and has
     * rested INDEX_SETTLE_MS, oldest edit first, and forgets the passages of deleted documents.
     * One run at a time in this process: a call while one runs joins it.
     */
    indexStale({ log }: { log?: Logger } = {}): Promise<IndexRun> {
      if (!availability.available) return Promise.resolve({ indexed: 0, failed: 0, removed: 0 });
      const currentModel = availability.model;
      indexing ??= runIndex(currentModel, log).finally(() => {
        indexing = null;
      });
      return indexing;
    },

    /**
     * Passages of the author's voice samples most like a text, by meaning (the voice's "passages
     * most like the text at hand"); null when meaning search is off, the call failed or no sample
     * is indexed yet, so the voice falls back to its full-text search.
     */
    async similarSamplePassages({ tenantId, text, limit }: { tenantId: string; text: string; limit: number }): Promise<string[] | null> {
      if (!availability.available || !text.trim()) return null;
      try {
        const outcome = await embedding.embed({ tenantId, texts: [text] });
        if (!outcome.ok || !outcome.vectors[0]) return null;
        const passages = await store.nearestSamplePassages({ tenantId, model: availability.model, embedding: outcome.vectors[0], limit });
        return passages.length > 0 ? passages : null;
      } catch {
        // Out of budget or the database refused: the prompt still gets passages, by words.
        return null;
      }
    },

    /** The tenant's index: whether search by meaning works here, and how many documents it covers. */
    async status({ tenantId }: { tenantId: string }): Promise<SearchStatus> {
      if (!availability.available) return { semantic: availability, indexed: 0, total: 0, indexing: false };
      const { indexed, total } = await store.progress({ tenantId, model: availability.model });
      return { semantic: availability, indexed, total, indexing: indexed < total };
    },
  };
  return service;
}
export type SemanticSearchService = ReturnType<typeof createSemanticSearch>;
