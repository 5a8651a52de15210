import { SEARCH_TIMEOUT_MS, searchResponseSchema, searchSettingsSchema, searchStatusSchema } from '@bree/contracts';
import type { SearchResponse, SearchSettings, SearchStatus } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** Text search by words, or hybrid search that also matches meaning (docs/PRODUCT.md#search). */
export type SearchKind = 'text' | 'hybrid';

/** Query keys of the search feature. */
export const searchKeys = {
  status: (tenantId: string) => ['search', tenantId, 'status'] as const,
  settings: (tenantId: string) => ['search', tenantId, 'settings'] as const,
};

/** POST /api/search/text or /api/search/hybrid with the default limits and weights of docs/PRODUCT.md#search. */
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

/** GET /api/search/settings: the language the tenant's documents are searched in. */
export function fetchSearchSettings(api: ApiClient, signal?: AbortSignal): Promise<SearchSettings> {
  return api.get('/search/settings', { schema: searchSettingsSchema, signal, timeoutMs: SEARCH_TIMEOUT_MS });
}

/** PUT /api/search/settings: searches in this language from now on (the documents are indexed again). */
export function saveSearchSettings(api: ApiClient, settings: SearchSettings): Promise<SearchSettings> {
  return api.put('/search/settings', settings, { schema: searchSettingsSchema, timeoutMs: SEARCH_TIMEOUT_MS });
}
