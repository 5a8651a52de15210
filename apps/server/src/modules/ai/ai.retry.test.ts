import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isRetryableFailure, retryAfterMs, retryDelayMs, sleep } from './ai.retry';

const failure = ({ statusCode, headers, isRetryable }: { statusCode?: number; headers?: Record<string, string>; isRetryable?: boolean } = {}) =>
  new APICallError({ message: 'x', url: 'u', requestBodyValues: {}, statusCode, responseHeaders: headers, isRetryable });

const policy = { maxRetries: 2, baseDelayMs: 1_000, maxDelayMs: 10_000 };
const delay = (retry: number, random: number, error: unknown = failure({ statusCode: 503 })) =>
  retryDelayMs({ retry, error, policy, random: () => random, now: Date.parse('2030-01-01T00:00:00Z') });

describe('provider retry policy', () => {
  it('retries rate limits, timeouts, server errors and dropped connections, nothing else', () => {
    for (const statusCode of [408, 429, 500, 502, 503, 529]) expect(isRetryableFailure(failure({ statusCode })), String(statusCode)).toBe(true);
    // A failed or dropped connection has no error status; the SDK marks it retryable.
    expect(isRetryableFailure(failure({ isRetryable: true }))).toBe(true);
    expect(isRetryableFailure(failure({ statusCode: 200, isRetryable: true }))).toBe(true);
    for (const statusCode of [400, 401, 403, 404, 409, 413, 422]) expect(isRetryableFailure(failure({ statusCode })), String(statusCode)).toBe(false);
    expect(isRetryableFailure(failure({ isRetryable: false }))).toBe(false);
    expect(isRetryableFailure(new Error('boom'))).toBe(false);
  });

  it('makes at most 3 calls by default, waiting 0.5–1 s and then 1–2 s', () => {
    expect(DEFAULT_RETRY_POLICY.maxRetries).toBe(2);
    expect(DEFAULT_RETRY_POLICY.baseDelayMs).toBe(1_000);
  });

  it('backs off exponentially with equal jitter: half of each step fixed, half random', () => {
    expect([delay(0, 0), delay(0, 0.5), delay(0, 0.999)]).toEqual([500, 750, 999.5]);
    expect([delay(1, 0), delay(1, 0.5)]).toEqual([1_000, 1_500]);
    expect([delay(2, 0), delay(2, 0.5)]).toEqual([2_000, 3_000]);
    // Two servers hit by the same 429 come back at different times.
    expect(delay(0, 0.1)).not.toBe(delay(0, 0.9));
  });

  it('never waits longer than the cap', () => {
    for (const random of [0, 0.5, 0.999]) expect(delay(10, random)).toBeLessThanOrEqual(policy.maxDelayMs);
    expect(delay(10, 0)).toBe(5_000);
  });

  it("honours the provider's Retry-After in full, with up to 20% jitter on top, capped", () => {
    expect(delay(0, 0, failure({ statusCode: 429, headers: { 'retry-after-ms': '250' } }))).toBe(250);
    expect(delay(0, 0.5, failure({ statusCode: 429, headers: { 'retry-after-ms': '250' } }))).toBe(275);
    expect(delay(1, 0, failure({ statusCode: 429, headers: { 'retry-after': '3' } }))).toBe(3_000);
    expect(delay(0, 0, failure({ statusCode: 503, headers: { 'retry-after': 'Tue, 01 Jan 2030 00:00:04 GMT' } }))).toBe(4_000);
    expect(delay(0, 0, failure({ statusCode: 429, headers: { 'retry-after': '120' } }))).toBe(10_000);
    // retry-after-ms (OpenAI's, finer) wins over retry-after.
    expect(delay(0, 0, failure({ statusCode: 429, headers: { 'retry-after-ms': '40', 'retry-after': '1' } }))).toBe(40);
  });

  it('falls back to backoff when Retry-After is missing or unreadable', () => {
    expect(retryAfterMs(failure({ statusCode: 429 }))).toBeUndefined();
    expect(retryAfterMs(failure({ statusCode: 429, headers: { 'retry-after': 'soon' } }))).toBeUndefined();
    expect(retryAfterMs(failure({ statusCode: 429, headers: { 'retry-after': '-5' } }))).toBeUndefined();
    expect(delay(0, 0, failure({ statusCode: 429, headers: { 'retry-after': 'soon' } }))).toBe(500);
    expect(delay(0, 0, new Error('no headers'))).toBe(500);
  });

  it('sleeps, and wakes early when aborted', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const slept = sleep(5_000, abort.signal);
    abort.abort();
    await slept;
    expect(Date.now() - started).toBeLessThan(1_000);
    await sleep(1);
  });
});
