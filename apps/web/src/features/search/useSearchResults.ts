import type { SearchResult } from '@bree/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../lib/api';
import { searchDocuments } from './api';
import type { SearchKind } from './api';
import { createLatestRequestGate } from './latestRequest';
import { orderResults } from './results';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

export type SearchPhase = 'idle' | 'loading' | 'done' | 'error';

export interface SearchResultsState {
  phase: SearchPhase;
  /** The query the shown results (or the error) belong to. */
  query: string;
  results: SearchResult[];
}

const IDLE: SearchResultsState = { phase: 'idle', query: '', results: [] };

/**
 * Results as the writer types: a search waits for typing to pause, a newer search aborts the one
 * before, and only the newest answer is shown; while one runs the previous results stay in place.
 */
export function useSearchResults(api: ApiClient, input: { query: string; kind: SearchKind; includeDrafts: boolean }) {
  const [state, setState] = useState<SearchResultsState>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const gate = useRef(createLatestRequestGate());
  const query = input.query.trim();
  const { kind, includeDrafts } = input;

  useEffect(() => {
    const requests = gate.current;
    if (!query) {
      requests.cancel();
      setState(IDLE);
      return;
    }
    const timer = setTimeout(() => {
      const request = requests.begin();
      setState((previous) => ({ ...previous, phase: 'loading' }));
      searchDocuments(api, { kind, query, includeDrafts, signal: request.signal }).then(
        (answer) => {
          if (request.isCurrent()) setState({ phase: 'done', query, results: orderResults(answer.results) });
        },
        () => {
          if (request.isCurrent()) setState({ phase: 'error', query, results: [] });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, query, kind, includeDrafts, attempt]);

  // Closing the palette leaves nothing running.
  useEffect(() => () => gate.current.cancel(), []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
