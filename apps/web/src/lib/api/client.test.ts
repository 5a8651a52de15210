import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tenantStatusSchema } from '@bree/contracts';
import { createApiClient, singleTry } from './client';
import type { ApiClientDeps } from './client';
import { ApiError } from './errors';

type FetchCall = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function setup(responses: Array<Response | Error | 'hang'>, overrides: Partial<ApiClientDeps> = {}) {
  const calls: FetchCall[] = [];
  const queue = [...responses];
  const fetchFake = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = queue.shift();
    if (next === undefined) throw new Error('unexpected extra fetch');
    if (next === 'hang') {
      // Never answers; only the abort signal ends it, like a stuck connection.
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const tokens = ['token-1', 'token-2'];
  const deps = {
    fetch: fetchFake,
    getAccessToken: vi.fn(async (opts?: { forceRefresh?: boolean }) => (opts?.forceRefresh ? (tokens[1] ?? null) : (tokens[0] ?? null))),
    invalidateToken: vi.fn(),
    getTenantId: () => 'user-sub-1',
    onSessionExpired: vi.fn(),
    random: () => 0.5,
    ...overrides,
  };
  return { api: createApiClient(deps), calls, deps, fetchFake };
}

const header = (call: FetchCall | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('api client headers', () => {
  it('sends tenant id, a ULID operation id, the bearer token and JSON body to /api', async () => {
    const { api, calls } = setup([json(200, { success: true })]);
    await api.put('/users/profile', { email: 'a@b.co' });
    const call = calls[0];
    expect(call?.url).toBe('/api/users/profile');
    expect(call?.init.method).toBe('PUT');
    expect(header(call, 'X-Tenant-Id')).toBe('user-sub-1');
    expect(header(call, 'X-Operation-Id')).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(header(call, 'Authorization')).toBe('Bearer token-1');
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(call?.init.body).toBe('{"email":"a@b.co"}');
  });

  it('uses a new operation id for each call', async () => {
    const { api, calls } = setup([json(200, {}), json(200, {})]);
    await api.get('/health');
    await api.get('/health');
    expect(header(calls[0], 'X-Operation-Id')).not.toBe(header(calls[1], 'X-Operation-Id'));
  });

  it('omits Authorization when auth is off', async () => {
    const { api, calls, deps } = setup([json(200, {})]);
    await api.get('/health', { auth: false });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
    expect(deps.getAccessToken).not.toHaveBeenCalled();
  });
});

describe('api client retry', () => {
  it('retries a 503 exactly once after a random 500–1000 ms, keeping the operation id', async () => {
    const { api, calls } = setup([json(503, { error: { code: 'unavailable', message: 'down' } }), json(200, { ok: 1 })]);
    const result = api.get('/thing');
    await vi.advanceTimersByTimeAsync(749);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
    expect(header(calls[1], 'X-Operation-Id')).toBe(header(calls[0], 'X-Operation-Id'));
  });

  it.each([429, 502, 504])('retries a %i once and then gives up with an ApiError', async (status) => {
    const { api, calls } = setup([
      json(status, { error: { code: 'first', message: 'first' } }),
      json(status, { error: { code: 'rate_limited', message: 'Slow down' } }),
    ]);
    const result = api.get('/thing').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    expect(calls).toHaveLength(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code: 'rate_limited', message: 'Slow down' });
  });

  it('waits for Retry-After seconds when the server gives them', async () => {
    const { api, calls } = setup([json(429, {}, { 'Retry-After': '2' }), json(200, { ok: true })]);
    const result = api.get('/thing');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('tries once with retry: false, and hands the Retry-After to a caller that retries under its own rule', async () => {
    const { api, calls } = setup([json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '2' })]);
    await expect(api.post('/thing', {}, { retry: false })).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 2000 });
    expect(calls).toHaveLength(1);
    const lost = setup([new TypeError('Failed to fetch'), json(200, {})]);
    await expect(singleTry(lost.api).get('/thing')).rejects.toMatchObject({ code: 'network_error' });
    expect(lost.calls).toHaveLength(1);
  });

  it('uses the lower bound of the random delay when random() is 0', async () => {
    const { api, calls } = setup([json(502, {}), json(200, {})], { random: () => 0 });
    const result = api.get('/thing');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(calls).toHaveLength(2);
  });

  it('retries once after a network error without a response', async () => {
    const { api, calls } = setup([new TypeError('Failed to fetch'), json(200, { ok: true })]);
    const result = api.get('/thing');
    await vi.advanceTimersByTimeAsync(750);
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('times out after 30 s, retries once, then rejects with code timeout', async () => {
    const { api, calls } = setup(['hang', 'hang']);
    const result = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 750);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await result).toMatchObject({ status: 0, code: 'timeout' });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a 400 or a 404', async () => {
    const { api, calls } = setup([json(400, { error: { code: 'validation_failed', message: 'Bad name' } })]);
    await expect(api.post('/files/rename', {})).rejects.toMatchObject({ status: 400, code: 'validation_failed', message: 'Bad name' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry when the caller aborts', async () => {
    const { api, calls } = setup(['hang']);
    const controller = new AbortController();
    const result = api.get('/thing', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10); // the request is in flight
    expect(calls).toHaveLength(1);
    controller.abort();
    const error = await result;
    expect((error as DOMException).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });
});

describe('api client cancellation', () => {
  it('sends nothing when the signal is already aborted', async () => {
    const { api, calls } = setup([]);
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/thing', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });
});

describe('api client 401 handling', () => {
  it('clears the token cache, fetches a fresh token and retries once with it', async () => {
    const { api, calls, deps } = setup([json(401, { error: { code: 'invalid_token', message: 'expired' } }), json(200, { ok: true })]);
    await expect(api.get('/tenant/status')).resolves.toEqual({ ok: true });
    expect(deps.invalidateToken).toHaveBeenCalledTimes(1);
    expect(deps.getAccessToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(header(calls[0], 'Authorization')).toBe('Bearer token-1');
    expect(header(calls[1], 'Authorization')).toBe('Bearer token-2');
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports an expired session when no fresh token can be had', async () => {
    const getAccessToken = vi.fn(async (opts?: { forceRefresh?: boolean }) => (opts?.forceRefresh ? null : 'stale'));
    const { api, calls, deps } = setup([json(401, {})], { getAccessToken });
    await expect(api.get('/tenant/status')).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('gives up after one refresh when the fresh token is refused too', async () => {
    const { api, calls, deps } = setup([json(401, {}), json(401, { error: { code: 'invalid_token', message: 'no' } })]);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(calls).toHaveLength(2);
    expect(deps.invalidateToken).toHaveBeenCalledTimes(1);
  });
});

describe('api client response validation', () => {
  it('returns data that matches the contract schema', async () => {
    const { api } = setup([json(200, { tenantId: 't', initialized: true })]);
    await expect(api.get('/tenant/status', { schema: tenantStatusSchema })).resolves.toEqual({ tenantId: 't', initialized: true });
  });

  it('rejects with invalid_response when the answer breaks the schema', async () => {
    const { api } = setup([json(200, { tenantId: 't' })]);
    await expect(api.get('/tenant/status', { schema: tenantStatusSchema })).rejects.toMatchObject({
      code: 'invalid_response',
      status: 200,
      // zod's English wording, loaded on demand (zod/mini has none of its own).
      message: expect.stringContaining('Invalid input: expected boolean, received undefined'),
    });
  });

  it('reads a plain-text error answer without crashing', async () => {
    const { api } = setup([new Response('Bad gateway', { status: 500, statusText: 'Internal Server Error' })]);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, code: 'http_500' });
  });
});

describe('api client streams', () => {
  it('does not retry a stream whose connection failed: the caller decides how to reconnect', async () => {
    const { api, calls } = setup([new TypeError('Failed to fetch')]);
    await expect(api.stream('/ai/operations/op/stream')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'Accept')).toBe('text/event-stream');
    expect(header(calls[0], 'X-Operation-Id')).toBeUndefined();
  });

  it('ends the session after a 401 that a fresh token cannot cure', async () => {
    const getAccessToken = vi.fn(async (opts?: { forceRefresh?: boolean }) => (opts?.forceRefresh ? null : 'old'));
    const { api, deps } = setup([json(401, {})], { getAccessToken });
    await expect(api.stream('/ai/operations/op/stream')).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});
