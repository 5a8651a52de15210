import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exponentialDelay, retry } from './retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A task failing `failures` times, then answering 'ok'. */
function flaky(failures: number, error: unknown = new Error('down')) {
  return vi.fn(async (_attempt: number) => {
    if (failures-- > 0) throw error;
    return 'ok';
  });
}

describe('retry', () => {
  it('waits each delay on the clock between tries and answers the first success', async () => {
    const task = flaky(2);
    const result = retry({ task, attempts: 3, delayMs: ({ retry: n }) => [100, 200][n]! });
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('ok');
    expect(task.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after the attempts with the last failure, and at once on a failure not worth retrying', async () => {
    const task = flaky(5);
    const exhausted = retry({ task, attempts: 2, delayMs: () => 10 });
    const settled = expect(exhausted).rejects.toThrow('down');
    await vi.runAllTimersAsync();
    await settled;
    expect(task).toHaveBeenCalledTimes(2);

    const refused = flaky(5, new Error('no'));
    await expect(retry({ task: refused, attempts: 3, delayMs: () => 10, shouldRetry: () => false })).rejects.toThrow('no');
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('never retries an abort by default, and an abort during the wait ends it at once', async () => {
    const aborted = flaky(5, new DOMException('stop', 'AbortError'));
    await expect(retry({ task: aborted, attempts: 3, delayMs: () => 10 })).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const task = flaky(5);
    const result = retry({ task, attempts: 3, delayMs: () => 60_000, signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await settled;
    expect(task).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs beforeWait before each wait and passes the failure to the delay', async () => {
    const order: string[] = [];
    const failure = new Error('down');
    const task = flaky(1, failure);
    const result = retry({
      task,
      attempts: 2,
      beforeWait: async (error) => void order.push(`before:${String(error === failure)}`),
      delayMs: ({ error }) => (order.push(`delay:${String(error === failure)}`), 5),
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(order).toEqual(['before:true', 'delay:true']);
  });
});

describe('exponentialDelay', () => {
  it('doubles from its base, caps, and adds jitter up to its bound', () => {
    const lazy = exponentialDelay({ baseMs: 100, maxMs: 2000 });
    expect([0, 1, 2, 3, 4, 5].map((n) => lazy({ retry: n }))).toEqual([100, 200, 400, 800, 1600, 2000]);
    expect(exponentialDelay({ baseMs: 250, maxJitterMs: 99, random: () => 0.999999 })({ retry: 1 })).toBe(599);
    expect(exponentialDelay({ baseMs: 300, maxJitterMs: 200, random: () => 0 })({ retry: 0 })).toBe(300);
  });
});
