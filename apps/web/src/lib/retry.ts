/**
 * The web app's one retry loop. Each caller brings its own product rule (how many tries, how long
 * between them, which failures are worth another try); the loop, the waits and the abort are here.
 */

export interface RetryOptions<T> {
  /** One try; `attempt` counts from 1. */
  task: (attempt: number) => Promise<T>;
  /** Tries in all, the first included (1 = no retry). */
  attempts: number;
  /** The wait before retry number `retry` (0 = the first retry), given the failure it follows. */
  delayMs: (info: { retry: number; error: unknown }) => number;
  /** Whether a failure is worth another try (default: every failure but an abort). */
  shouldRetry?: (error: unknown) => boolean;
  /** Runs before each wait, e.g. waiting for the network to come back. */
  beforeWait?: (error: unknown) => Promise<void>;
  /** Aborting stops the waiting and the loop with an AbortError. */
  signal?: AbortSignal;
  /** Replaces the timer (tests). */
  sleep?: (ms: number) => Promise<void>;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** True for the AbortError a cancelled fetch or wait rejects with. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A wait that an abort ends at once, rejecting with an AbortError. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Runs `task` until it succeeds, the attempts are used up or a failure is not worth retrying; answers its result or its last failure. */
export async function retry<T>({
  task,
  attempts,
  delayMs,
  shouldRetry = (error) => !isAbortError(error),
  beforeWait,
  signal,
  sleep,
}: RetryOptions<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortError();
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || signal?.aborted || !shouldRetry(error)) throw error;
      await beforeWait?.(error);
      const ms = delayMs({ retry: attempt - 1, error });
      if (sleep) await sleep(ms);
      else await abortableSleep(ms, signal);
    }
  }
}

/** Doubling waits: `baseMs`, 2 × `baseMs`, … capped at `maxMs`, plus 0 to `maxJitterMs` (inclusive) of random jitter. */
export function exponentialDelay({
  baseMs,
  maxMs = Number.POSITIVE_INFINITY,
  maxJitterMs = 0,
  random = Math.random,
}: {
  baseMs: number;
  maxMs?: number;
  maxJitterMs?: number;
  random?: () => number;
}): (info: { retry: number }) => number {
  return ({ retry }) => Math.min(baseMs * 2 ** retry, maxMs) + Math.min(Math.floor(random() * (maxJitterMs + 1)), maxJitterMs);
}
