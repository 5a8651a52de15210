import { describe, expect, it, vi } from 'vitest';
import type { BackgroundResponse } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { OperationFailedError, followOperation, type FollowInput } from './stream';

const answer = { operationId: 'op' } as BackgroundResponse;

function follow(stream: FollowInput['stream'], signal = new AbortController().signal) {
  const onRestart = vi.fn();
  const onConnectionLost = vi.fn();
  const sleep = vi.fn(async (_ms: number) => undefined);
  const getToken = vi.fn(async () => 'token');
  const result = followOperation({ operationId: 'op', tenantId: 't', signal, onDelta: () => undefined, getToken, onRestart, onConnectionLost, sleep, stream });
  return { result, onRestart, onConnectionLost, sleep, getToken };
}

describe('following an operation across dropped connections', () => {
  it('reconnects after a dropped connection or a gateway answer, clearing the text each time, with a fresh token', async () => {
    const stream = vi
      .fn<NonNullable<FollowInput['stream']>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError({ status: 503, code: 'http_503', message: 'restarting' }))
      .mockResolvedValueOnce(answer);
    const { result, onRestart, onConnectionLost, sleep, getToken } = follow(stream);
    await expect(result).resolves.toBe(answer);
    expect(stream).toHaveBeenCalledTimes(3);
    expect(onConnectionLost).toHaveBeenCalledTimes(2);
    expect(onRestart).toHaveBeenCalledTimes(2);
    expect(getToken).toHaveBeenCalledTimes(3);
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

  it('starts with one request, then follows by the id it announced; a start lost before that is not sent again', async () => {
    const start = { fileId: 'f', action: 'enhance' as const, selection: { text: 'x', nodeIds: ['a'] } };
    const calls: { start?: unknown; operationId?: string }[] = [];
    const stream = vi.fn<NonNullable<FollowInput['stream']>>(async (input) => {
      calls.push({ start: input.start, operationId: input.operationId });
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
      tenantId: 't',
      signal: new AbortController().signal,
      onDelta: () => undefined,
      onStarted,
      getToken: async () => 'token',
      onRestart: () => undefined,
      sleep,
      stream,
    });
    await expect(followed).resolves.toBe(answer);
    expect(calls).toEqual([
      { start, operationId: undefined },
      { start: undefined, operationId: 'op-7' },
    ]);
    expect(onStarted).toHaveBeenCalledWith('op-7');

    const lostEarly = vi.fn().mockRejectedValue(new TypeError('no route'));
    const never = followOperation({
      start,
      tenantId: 't',
      signal: new AbortController().signal,
      onDelta: () => undefined,
      getToken: async () => null,
      onRestart: () => undefined,
      sleep,
      stream: lostEarly,
    });
    await expect(never).rejects.toBeInstanceOf(TypeError);
    expect(lostEarly).toHaveBeenCalledTimes(1);
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
