/** One request handed out by a LatestRequestGate. */
export interface GatedRequest {
  signal: AbortSignal;
  /** Whether no newer request has started since (and none was cancelled): only then may its answer show. */
  isCurrent(): boolean;
}

export interface LatestRequestGate {
  /** Starts a request: the one before it is aborted and can no longer be current. */
  begin(): GatedRequest;
  /** Aborts the running request (the palette closed or the query was cleared). */
  cancel(): void;
}

/**
 * Keeps only the newest of overlapping requests: each new one aborts the previous, and an answer
 * that still arrives late (a server that ignored the abort) is recognised as stale by its id.
 */
export function createLatestRequestGate(): LatestRequestGate {
  let latest = 0;
  let controller: AbortController | null = null;
  return {
    begin() {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      const id = ++latest;
      return { signal: own.signal, isCurrent: () => id === latest && !own.signal.aborted };
    },
    cancel() {
      latest += 1;
      controller?.abort();
      controller = null;
    },
  };
}
