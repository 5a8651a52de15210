import {
  SEARCH_MAX_LIMIT,
  type SearchLanguage,
  type SearchResponse,
  type SearchResult,
  type SearchSettings,
  type hybridSearchBodySchema,
  type textSearchBodySchema,
  type vectorSearchBodySchema,
} from '@bree/contracts';
import type { z } from 'zod';
import { searchErrors } from './search.errors';
import { mergeHybrid, normaliseTextRanks } from './search.hybrid';
import type { SemanticSearch } from './search.ports';
import { presentHeadline, presentResponse, presentResult } from './search.presenter';
import { findShownFiles, findTextMatches, readLanguage, writeLanguage, type Query, type SearchFileRow } from './search.text';

type TextSearch = z.output<typeof textSearchBodySchema> & { tenantId: string };
type VectorSearch = z.output<typeof vectorSearchBodySchema> & { tenantId: string };
type HybridSearch = z.output<typeof hybridSearchBodySchema> & { tenantId: string };

/**
 * The least similarity a passage needs to be a hybrid candidate: the text part and the weights
 * decide the ranking, this only keeps passages that share nothing with the query out.
 */
export const HYBRID_VECTOR_FLOOR = 0.2;

/** How many candidates each part of a hybrid search brings: more than shown, so a document found by both can rise. */
function hybridCandidates(limit: number): number {
  return Math.min(SEARCH_MAX_LIMIT, Math.max(limit * 3, 30));
}

/** Text, meaning and hybrid search over a tenant's documents, and the tenant's search language (docs/SEARCH.md). */
export function createSearchService({ query, semantic, now }: { query: Query; semantic: SemanticSearch; now: () => Date }) {
  /** Throws 503 vector_search_unavailable with the reason when meaning search cannot run here. */
  function requireSemantic(): void {
    const availability = semantic.availability();
    if (!availability.available) throw searchErrors.vectorUnavailable(availability.message);
  }

  /** The shown rows of the given documents, by id. */
  async function shownRows(tenantId: string, fileIds: string[], includeDrafts: boolean): Promise<Map<string, SearchFileRow>> {
    const rows = await findShownFiles(query, { tenantId, fileIds, includeDrafts });
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    /** Full-text search: the best documents by rank, each score its rank divided by the answer's best. */
    async text(input: TextSearch): Promise<SearchResponse> {
      const hits = normaliseTextRanks(await findTextMatches(query, input));
      return presentResponse(
        'text',
        hits.map((hit) => presentResult(hit, hit.score, presentHeadline(hit.headline, hit.passage_offset))),
      );
    },

    /** Search by meaning: the port's passages, for documents this tenant may see now. */
    async vector(input: VectorSearch): Promise<SearchResponse> {
      requireSemantic();
      const matches = await semantic.searchDocuments({
        tenantId: input.tenantId,
        query: input.query,
        limit: input.limit,
        threshold: input.threshold,
        includeDrafts: input.includeDrafts,
      });
      const rows = await shownRows(
        input.tenantId,
        matches.map((m) => m.fileId),
        input.includeDrafts,
      );
      const results: SearchResult[] = [];
      for (const match of matches) {
        const row = rows.get(match.fileId);
        if (row) results.push(presentResult(row, match.score, { text: match.passage, highlights: [], offset: match.passageOffset }));
      }
      return presentResponse('vector', results.slice(0, input.limit));
    },

    /** Text and meaning together, ranked by document (search.hybrid.ts). */
    async hybrid(input: HybridSearch): Promise<SearchResponse> {
      requireSemantic();
      const candidates = hybridCandidates(input.limit);
      const [textHits, matches] = await Promise.all([
        findTextMatches(query, { tenantId: input.tenantId, query: input.query, limit: candidates, includeDrafts: input.includeDrafts }),
        semantic.searchDocuments({
          tenantId: input.tenantId,
          query: input.query,
          limit: candidates,
          threshold: HYBRID_VECTOR_FLOOR,
          includeDrafts: input.includeDrafts,
        }),
      ]);
      // Only documents this tenant may see now take part, whatever the index still holds.
      const rows = await shownRows(input.tenantId, [...new Set([...textHits.map((h) => h.id), ...matches.map((m) => m.fileId)])], input.includeDrafts);
      const merged = mergeHybrid({
        text: textHits.map((hit) => ({ fileId: hit.id, rank: hit.rank, passage: presentHeadline(hit.headline, hit.passage_offset) })),
        vector: matches.filter((m) => rows.has(m.fileId)),
        textWeight: input.textWeight,
        vectorWeight: input.vectorWeight,
        limit: input.limit,
        // Found by meaning alone, a document must be a close match (docs/SEARCH.md "Hybrid").
        threshold: input.threshold,
      });
      return presentResponse(
        'hybrid',
        merged.flatMap((hit) => {
          const row = rows.get(hit.fileId);
          return row ? [presentResult(row, hit.score, hit.passage)] : [];
        }),
      );
    },

    /** The tenant's search language. */
    async settings({ tenantId }: { tenantId: string }): Promise<SearchSettings> {
      return { language: await readLanguage(query, tenantId) };
    },

    /** Sets the tenant's search language and indexes its documents again in it. */
    async updateSettings({ tenantId, language }: { tenantId: string; language: SearchLanguage }): Promise<SearchSettings> {
      await writeLanguage(query, { tenantId, language, now: now() });
      return { language };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
