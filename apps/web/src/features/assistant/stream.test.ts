import { describe, expect, it, vi } from 'vitest';
import type { BackgroundResponse } from '@bree/contracts';
import { ApiError, createApiClient, type ApiClient } from '../../lib/api';
import { OperationFailedError, followOperation, streamOperation, type FollowInput } from './stream';

const answer = { operationId: 'op' } as BackgroundResponse;
/** Never called: these tests replace the stream itself. */
const api = {} as ApiClient;

function follow(stream: FollowInput['stream'], signal = new AbortController().signal) {
  const onRestart = vi.fn();
  const onConnectionLost = vi.fn();
  const sleep = vi.fn(async (_ms: number) => undefined);
  const result = followOperation({ operationId: 'op', api, signal, onDelta: () => undefined, onRestart, onConnectionLost, sleep, stream });
  return { result, onRestart, onConnectionLost, sleep };
}

describe('following an operation across dropped connections', () => {
  it('reconnects after a dropped connection or a gateway answer, clearing the text each time', async () => {
    const stream = vi
      .fn<NonNullable<FollowInput['stream']>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError({ status: 503, code: 'http_503', message: 'restarting' }))
      .mockResolvedValueOnce(answer);
    const { result, onRestart, onConnectionLost, sleep } = follow(stream);
    await expect(result).resolves.toBe(answer);
    expect(stream).toHaveBeenCalledTimes(3);
    expect(onConnectionLost).toHaveBeenCalledTimes(2);
    expect(onRestart).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000]);
  });

  it('does not retry a failed operation, and gives up after about three minutes of lost connections', async () => {
    // The stream's own error event is the operation failing: the same 502 status, but final.
    const failed = follow(vi.fn().mockRejectedValue(new OperationFailedError({ status: 502, code: 'rewrite_failed', message: 'Could not rewrite' })));
    await expect(failed.result).rejects.toMatchObject({ code: 'rewrite_failed' });
    expect(failed.onRestart).not.toHaveBeenCalled();
    const refused = follow(vi.fn().mockRejectedValue(new ApiError({ status: 404, code: 'operation_not_found', message: 'gone' })));
    await expect(refused.result).rejects.toMatchObject({ code: 'operation_not_found' });
    // Bree's own 503 is an answer (set the provider up), not a restart to wait out.
    const unconfigured = follow(vi.fn().mockRejectedValue(new ApiError({ status: 503, code: 'ai_not_configured', message: 'set a key' })));
    await expect(unconfigured.result).rejects.toMatchObject({ code: 'ai_not_configured' });
    expect(unconfigured.onRestart).not.toHaveBeenCalled();

    const lost = vi.fn().mockRejectedValue(new TypeError('network'));
    const forever = follow(lost);
    await expect(forever.result).rejects.toBeInstanceOf(TypeError);
    expect(lost).toHaveBeenCalledTimes(41);
    const waited = forever.sleep.mock.calls.reduce((sum, [ms]) => sum + ms, 0);
    expect(waited).toBeGreaterThan(150_000);
    expect(waited).toBeLessThan(240_000);
  });

  it('starts with one request, then follows by the id it announced; a start lost before that is sent again with the same start id', async () => {
    const start = { fileId: 'f', action: 'enhance' as const, selection: { text: 'x', nodeIds: ['a'] } };
    const calls: { start?: unknown; operationId?: string; startId?: string }[] = [];
    const stream = vi.fn<NonNullable<FollowInput['stream']>>(async (input) => {
      calls.push({ start: input.start, operationId: input.operationId, ...(input.startId ? { startId: input.startId } : {}) });
      if (calls.length === 1) {
        input.onStarted?.('op-7');
        throw new TypeError('connection reset');
      }
      return answer;
    });
    const onStarted = vi.fn();
    const sleep = vi.fn(async (_ms: number) => undefined);
    const followed = followOperation({
      start,
      api,
      signal: new AbortController().signal,
      onDelta: () => undefined,
      onStarted,
      onRestart: () => undefined,
      sleep,
      stream,
    });
    await expect(followed).resolves.toBe(answer);
    expect(calls).toEqual([
      { start, operationId: undefined, startId: expect.any(String) },
      { start: undefined, operationId: 'op-7' },
    ]);
    expect(onStarted).toHaveBeenCalledWith('op-7');

    // Lost before 'started': the same start goes again under the same X-Operation-Id, which the
    // server answers by following the operation it already started (never a second one).
    const lostEarly = vi.fn<NonNullable<FollowInput['stream']>>().mockRejectedValueOnce(new TypeError('no route')).mockResolvedValueOnce(answer);
    const again = followOperation({
      start,
      api,
      signal: new AbortController().signal,
      onDelta: () => undefined,
      onRestart: () => undefined,
      sleep,
      stream: lostEarly,
    });
    await expect(again).resolves.toBe(answer);
    expect(lostEarly).toHaveBeenCalledTimes(2);
    const [first, second] = lostEarly.mock.calls.map(([input]) => input);
    expect(second?.start).toEqual(start);
    expect(second?.startId).toBe(first?.startId);
  });

  it('stops when the author cancels', async () => {
    const abort = new AbortController();
    const stream = vi.fn().mockImplementation(async () => {
      abort.abort();
      throw new TypeError('aborted');
    });
    const { result, onRestart } = follow(stream, abort.signal);
    await expect(result).rejects.toBeInstanceOf(TypeError);
    expect(stream).toHaveBeenCalledTimes(1);
    expect(onRestart).not.toHaveBeenCalled();
  });
});

describe('the operation stream goes through the API client', () => {
  const response: BackgroundResponse = {
    operationId: 'op-9',
    documentId: 'f',
    operationType: 'rewrite',
    status: 'completed',
    response: { rewrittenNodesInfo: { nodes: [] }, generatedContent: 'Hi.', sentenceNode: null },
    originalContext: { nodeIds: [] },
    createdAt: '2026-11-23T00:00:00.000Z',
  };
  const sse = (...events: [string, unknown][]) =>
    new Response(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    });

  it('starts with the tenant and bearer headers, refreshes the token once after a 401 and reads the events', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [
      new Response(JSON.stringify({ error: { code: 'invalid_token', message: 'expired' } }), { status: 401 }),
      sse(['started', { operationId: 'op-9', tier: 'fast' }], ['delta', { text: 'Hi.' }], ['done', { response }]),
    ];
    const getAccessToken = vi.fn(async (opts?: { forceRefresh?: boolean }) => (opts?.forceRefresh ? 'fresh' : 'stale'));
    const client = createApiClient({
      fetch: async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return answers.shift()!;
      },
      getAccessToken,
      invalidateToken: vi.fn(),
      getTenantId: () => 'tenant-1',
      onSessionExpired: vi.fn(),
    });
    const deltas: string[] = [];
    const onStarted = vi.fn();
    const start = { fileId: 'f', action: 'enhance' as const, selection: { text: 'x', nodeIds: ['a'] } };
    const result = await streamOperation({ api: client, start, signal: new AbortController().signal, onDelta: (t) => deltas.push(t), onStarted });
    expect(result).toEqual(response);
    expect(deltas).toEqual(['Hi.']);
    expect(onStarted).toHaveBeenCalledWith('op-9');
    expect(calls.map((c) => [c.url, c.init.method, (c.init.headers as Record<string, string>).Authorization])).toEqual([
      ['/api/ai/operations', 'POST', 'Bearer stale'],
      ['/api/ai/operations', 'POST', 'Bearer fresh'],
    ]);
    const headers = calls[1]!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ 'X-Tenant-Id': 'tenant-1', Accept: 'text/event-stream', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual(start);
  });

  it("rejects with the server's error (a 402) without sending the start again", async () => {
    let sent = 0;
    const client = createApiClient({
      fetch: async () => {
        sent += 1;
        return new Response(JSON.stringify({ error: { code: 'budget_exceeded', message: 'Budget limit exceeded.' } }), { status: 402 });
      },
      getAccessToken: async () => 'token',
      invalidateToken: vi.fn(),
      getTenantId: () => 'tenant-1',
      onSessionExpired: vi.fn(),
    });
    const follow = streamOperation({ api: client, operationId: 'op-1', signal: new AbortController().signal, onDelta: () => undefined });
    await expect(follow).rejects.toMatchObject({ status: 402, code: 'budget_exceeded' });
    expect(sent).toBe(1);
  });
});
