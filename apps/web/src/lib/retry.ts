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
  /** Whether a failure is worth another try (default: every failure). */
  shouldRetry?: (error: unknown) => boolean;
  /** Runs before each wait, e.g. waiting for the network to come back. */
  beforeWait?: (error: unknown) => Promise<void>;
  /** Once aborted, no further try: the wait under way ends in an AbortError. */
  signal?: AbortSignal;
  /** Replaces the timer (tests). */
  sleep?: (ms: number) => Promise<void>;
}

/** A plain wait on the clock. */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The error a cancelled request or retry rejects with. */
export const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** Runs `task` until it succeeds, the attempts are used up or a failure is not worth retrying; answers its result or its last failure. */
export async function retry<T>({ task, attempts, delayMs, shouldRetry = () => true, beforeWait, signal, sleep = wait }: RetryOptions<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || signal?.aborted || !shouldRetry(error)) throw error;
      await beforeWait?.(error);
      await sleep(delayMs({ retry: attempt - 1, error }));
      // Aborted while waiting: no further try.
      if (signal?.aborted) throw abortError();
    }
  }
}
