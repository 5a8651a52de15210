import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { documentKeys } from './api';
import type { ListCache } from './cachePatch';
import { file } from './fileFixture';
import { createListChanges } from './listChanges';
import { createChangeQueue } from './changeQueue';
import { createOverlayStore } from './overlay';
import { createTagGuard } from './tagGuard';

/** The real API client over a server that answers every request with `status`; counts the requests. */
function setup(status: number, headers: Record<string, string> = {}) {
  const requests: string[] = [];
  const waits: number[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return new Response(JSON.stringify({ error: { code: status === 503 ? 'http_503' : 'rate_limited', message: 'down' } }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  const sleep = async (ms: number) => void waits.push(ms);
  const api = createApiClient({
    fetch,
    sleep,
    random: () => 0,
    getAccessToken: async () => 'token',
    invalidateToken: () => undefined,
    getTenantId: () => 't1',
    onSessionExpired: () => undefined,
  });
  const queryClient = new QueryClient();
  const files = [file('a', 'Alpha.txt'), file('b', 'Beta.txt')];
  queryClient.setQueryData<ListCache>(documentKeys.list('t1', 'date'), { pages: [{ items: files, nextCursor: null, hasMore: false }], pageParams: [null] });
  const ops = createListChanges({
    api,
    queryClient,
    tenantId: 't1',
    overlay: createOverlayStore(),
    queue: createChangeQueue(),
    tagGuard: createTagGuard(),
    notify: { success: vi.fn(() => ''), error: vi.fn(() => '') },
    retry: { sleep, random: () => 0 },
  });
  return { ops, requests, waits, files };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('list changes retried under their own rule', () => {
  it('send a delete 3 times in all while the server answers 503, not 3 × the API client’s 2', async () => {
    const env = setup(503);
    expect(await env.ops.remove(env.files[1]!)).toBe(false);
    expect(env.requests).toEqual(Array(3).fill('DELETE /api/files/t1/Beta.txt'));
  });

  it('send a rename 3 times in all (two retries) while the server answers 503', async () => {
    const env = setup(503);
    await env.ops.rename(env.files[0]!, 'Renamed');
    expect(env.requests).toEqual(Array(3).fill('POST /api/files/rename'));
  });

  it('wait at least the Retry-After of a 429, which the API client would have honoured', async () => {
    const env = setup(429, { 'Retry-After': '3' });
    await env.ops.rename(env.files[0]!, 'Renamed');
    expect(env.requests).toHaveLength(3);
    expect(env.waits).toEqual([3000, 3000]);
  });

  it('leave the API client’s one retry to a call without a rule of its own (claiming a blank document)', async () => {
    const env = setup(503);
    await env.ops.create().catch(() => undefined);
    expect(env.requests).toHaveLength(2);
  });
});
