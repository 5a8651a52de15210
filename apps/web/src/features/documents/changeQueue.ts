import { isApiError } from '../../lib/api';
import { retry } from '../../lib/retry';

/** At most this many list changes talk to the server at once (docs/PRODUCT.md#documents). */
export const MAX_CONCURRENT_CHANGES = 4;

/** How a failed list change is tried again. `attempts` counts the first try. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  /** Largest jitter added to a wait, inclusive. */
  maxJitterMs: number;
}

/** List changes: 2 retries, 250 ms doubling, plus under 100 ms of jitter (docs/PRODUCT.md#documents). */
export const CHANGE_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxJitterMs: 99 };
/** Deletes: up to 3 attempts, 300 ms doubling, plus up to 200 ms of jitter (docs/PRODUCT.md#documents). */
export const DELETE_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxJitterMs: 200 };
/** Bulk deletes: one retry after a failure (docs/PRODUCT.md#documents). */
export const BULK_DELETE_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 300, maxJitterMs: 200 };
/** Creating and copying are not idempotent: a retry after a lost answer would make a second file. */
export const NO_RETRY: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxJitterMs: 0 };

/** The wait before retry number `retry` (0 = the first retry): doubling base plus random jitter. */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const jitter = Math.floor(random() * (policy.maxJitterMs + 1));
  return policy.baseDelayMs * 2 ** retry + Math.min(jitter, policy.maxJitterMs);
}

export interface RetryDeps {
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Runs `task` until it succeeds, the policy's attempts are used up, or an error is not worth retrying. */
export function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  { shouldRetry = () => true, sleep, random = Math.random }: RetryDeps = {},
): Promise<T> {
  // The server's Retry-After (a 429 or 503) is waited at least: these calls go out without the API client's retry, which honours it.
  const delayMs = ({ retry: n, error }: { retry: number; error: unknown }) =>
    Math.max(backoffDelay(policy, n, random), isApiError(error) ? (error.retryAfterMs ?? 0) : 0);
  return retry({ task, attempts: policy.attempts, delayMs, shouldRetry, ...(sleep ? { sleep } : {}) });
}

export interface QueuedChange<T> {
  /** The change's id; a second run with an id still in flight joins the first instead of running again. */
  id: string;
  /** Ids of changes whose settling this one waits for (e.g. an earlier rename of the same file). */
  dependencies?: readonly string[];
  task: () => Promise<T>;
}

export interface ChangeQueue {
  run<T>(change: QueuedChange<T>): Promise<T>;
  /** Ids of changes queued or running. */
  inFlight(): string[];
  /** How many tasks are talking to the server right now. */
  running(): number;
}

/** A limiter for list changes: dependency order, duplicate-id skipping and a concurrency cap. */
export function createChangeQueue(concurrency: number = MAX_CONCURRENT_CHANGES): ChangeQueue {
  const inQueue = new Map<string, Promise<unknown>>();
  const waiting: Array<() => void> = [];
  let active = 0;

  const acquire = async () => {
    if (active < concurrency) {
      active += 1;
      return;
    }
    // The releasing task hands its slot straight over, so `active` stays exact.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    run<T>({ id, dependencies = [], task }: QueuedChange<T>): Promise<T> {
      const existing = inQueue.get(id);
      if (existing) return existing as Promise<T>;
      const before = dependencies.flatMap((dep) => {
        const p = inQueue.get(dep);
        return p ? [p] : [];
      });
      const promise = (async () => {
        await Promise.allSettled(before);
        await acquire();
        try {
          return await task();
        } finally {
          release();
        }
      })();
      inQueue.set(id, promise);
      const forget = () => inQueue.delete(id);
      promise.then(forget, forget);
      return promise;
    },
    inFlight: () => [...inQueue.keys()],
    running: () => active,
  };
}
