import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retry } from './retry';

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

  it('makes no further try once aborted, during a try or a wait', async () => {
    const stopped = new AbortController();
    const aborted = vi.fn(async () => {
      stopped.abort();
      throw new Error('cut');
    });
    await expect(retry({ task: aborted, attempts: 3, delayMs: () => 10, signal: stopped.signal })).rejects.toThrow('cut');
    expect(aborted).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const task = flaky(5);
    const result = retry({ task, attempts: 3, delayMs: () => 60_000, signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(59_000);
    await settled;
    expect(task).toHaveBeenCalledTimes(1);
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
