import type { SearchResult } from '@bree/contracts';

/** Best first by score; equal scores keep the server's order (its own tie-break). */
export function orderResults(results: readonly SearchResult[]): SearchResult[] {
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => b.result.score - a.result.score || a.index - b.index)
    .map(({ result }) => result);
}

/** The next active result for an arrow key, wrapping at both ends; -1 when there are none. */
export function nextActiveIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
