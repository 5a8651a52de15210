import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The latest write per query client and key: only its answer (or failure) may change the cache. */
const latest = new WeakMap<QueryClient, Map<string, number>>();

/**
 * Shows `next` in the cache at once, then what the server answers. When the write fails the
 * cache goes back to what it held before — unless a later write has started meanwhile (its own
 * answer or failure decides) — and `onFailure` tells the author. (The cache shares structure, so
 * writes are told apart by number, not by the objects they put there.)
 */
export async function writeOptimistically<T>({
  queryClient,
  queryKey,
  next,
  write,
  onFailure,
}: {
  queryClient: QueryClient;
  queryKey: QueryKey;
  next: T;
  write: () => Promise<T>;
  onFailure: () => void;
}): Promise<void> {
  const writes = latest.get(queryClient) ?? new Map<string, number>();
  latest.set(queryClient, writes);
  const key = JSON.stringify(queryKey);
  const mine = (writes.get(key) ?? 0) + 1;
  writes.set(key, mine);
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<T>(queryKey);
  queryClient.setQueryData<T>(queryKey, next);
  try {
    const saved = await write();
    if (writes.get(key) === mine) queryClient.setQueryData<T>(queryKey, saved);
  } catch {
    if (writes.get(key) === mine) queryClient.setQueryData<T>(queryKey, previous);
    onFailure();
  }
}
