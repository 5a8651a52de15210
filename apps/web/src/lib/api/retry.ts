import { API_CLIENT } from '@bree/contracts';

/** The longest Retry-After we honour; a longer wait is better surfaced to the user as an error. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Statuses worth one more try: rate limited or a gateway/upstream hiccup. */
export function isRetryableStatus(status: number): boolean {
  return API_CLIENT.retryStatuses.includes(status);
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** The wait before the single retry: the answer's Retry-After when given (see parseRetryAfter), else a random 500–1000 ms. */
export function retryDelayMs(retryAfterMs: number | undefined, random: () => number = Math.random): number {
  return retryAfterMs ?? Math.round(API_CLIENT.retryMinDelayMs + random() * (API_CLIENT.retryMaxDelayMs - API_CLIENT.retryMinDelayMs));
}
