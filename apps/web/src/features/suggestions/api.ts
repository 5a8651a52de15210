import { suggestionAnswerSchema, suggestionListAnswerSchema } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** GET /suggestions/list/{fileId}: the open suggestions, and whether the caller suggests or reviews. */
export const listSuggestions = (api: ApiClient, fileId: string) =>
  api.get(`/suggestions/list/${encodeURIComponent(fileId)}`, { schema: suggestionListAnswerSchema });

/** POST /suggestions/propose: the caller's suggestion on one block (the same text twice withdraws it). */
export const proposeSuggestion = (api: ApiClient, q: { fileId: string; blockId: string; baseText: string; proposedText: string }, { keepalive = false } = {}) =>
  api.post('/suggestions/propose', q, { schema: suggestionAnswerSchema, ...(keepalive ? { keepalive, retry: false } : {}) });

/** POST /suggestions/decide: what is left of a suggestion after the reviewer's decision. */
export const decideSuggestion = (api: ApiClient, q: { suggestionId: string; baseText: string; proposedText: string }) =>
  api.post('/suggestions/decide', q, { schema: suggestionAnswerSchema });
