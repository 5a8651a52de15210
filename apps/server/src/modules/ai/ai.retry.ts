import { aiSdkErrors } from './ai.sdk';

/**
 * When and how long to wait before calling a provider again. The SDK's own retries back off
 * without jitter, so every server hit by the same 429 would come back at the same instant;
 * the gateway turns them off and uses this instead.
 */
export interface RetryPolicy {
  /** Calls after the first one; 2 means at most 3 calls. */
  maxRetries: number;
  /** The first wait before jitter; it doubles with each retry. */
  baseDelayMs: number;
  /** No wait is longer, whatever the provider's Retry-After asks: the author is watching a spinner. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, baseDelayMs: 1_000, maxDelayMs: 10_000 };

/** A Retry-After is waited for in full, plus up to this share of it so that clients spread out. */
const RETRY_AFTER_JITTER = 0.2;

/** The policy with its sources of chance and time, replaceable in tests. */
export interface Retrier {
  policy: RetryPolicy;
  /** A number in [0, 1). */
  random: () => number;
  /** Resolves after `ms`, or early once `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function createRetrier(overrides: Partial<Retrier> = {}): Retrier {
  return { policy: DEFAULT_RETRY_POLICY, random: Math.random, sleep, ...overrides };
}

/**
 * Worth another call: rate limits, timeouts, server errors, and connections that failed or
 * dropped (the SDK marks those retryable; they have no error status). Other 4xx answers would
 * only fail again.
 */
export function isRetryableFailure(error: unknown): boolean {
  const { APICallError } = aiSdkErrors();
  if (!APICallError.isInstance(error)) return false;
  const status = error.statusCode;
  if (status === 408 || status === 429 || (status !== undefined && status >= 500)) return true;
  return (status === undefined || status < 400) && error.isRetryable;
}

/** The wait the provider asked for (retry-after-ms, or Retry-After in seconds or as a date), in ms. */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | undefined {
  const headers = aiSdkErrors().APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers['retry-after']?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1_000 : undefined;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before retry number `retry` (0 for the first). Without a Retry-After: exponential
 * backoff with equal jitter — half the step is fixed, so a rate-limited provider is never called
 * again at once, and half is random, so clients spread out.
 */
export function retryDelayMs({
  retry,
  error,
  policy,
  random,
  now,
}: {
  retry: number;
  error: unknown;
  policy: RetryPolicy;
  random: () => number;
  now?: number;
}): number {
  const asked = retryAfterMs(error, now);
  if (asked !== undefined) return Math.min(policy.maxDelayMs, asked * (1 + RETRY_AFTER_JITTER * random()));
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return step / 2 + random() * (step / 2);
}
