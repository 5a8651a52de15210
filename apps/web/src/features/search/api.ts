import { SEARCH_TIMEOUT_MS, searchResponseSchema, searchStatusSchema } from '@bree/contracts';
import type { SearchResponse, SearchStatus } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** Text search by words, or hybrid search that also matches meaning (1-core §7). */
export type SearchKind = 'text' | 'hybrid';

/** Query keys of the search feature. */
export const searchKeys = {
  status: (tenantId: string) => ['search', tenantId, 'status'] as const,
};

/** POST /api/search/text or /api/search/hybrid with the spec's default limits and weights (1-core §9). */
export function searchDocuments(api: ApiClient, q: { kind: SearchKind; query: string; includeDrafts: boolean; signal?: AbortSignal }): Promise<SearchResponse> {
  return api.post(
    `/search/${q.kind}`,
    { query: q.query, includeDrafts: q.includeDrafts },
    { schema: searchResponseSchema, signal: q.signal, timeoutMs: SEARCH_TIMEOUT_MS },
  );
}

/** GET /api/search/status: whether meaning search works here and how far the index is. */
export function fetchSearchStatus(api: ApiClient, signal?: AbortSignal): Promise<SearchStatus> {
  return api.get('/search/status', { schema: searchStatusSchema, signal, timeoutMs: SEARCH_TIMEOUT_MS });
}
