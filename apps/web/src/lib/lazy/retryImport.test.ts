import { describe, expect, it, vi } from 'vitest';
import { loadWithRetry, retryDelay, waitForOnline } from './retryImport';

describe('lazy load retry math', () => {
  it('doubles from a 100 ms base and caps at 2 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n))).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  });

  it('honours a custom cap (1 s in some places, docs/PRODUCT.md#startup)', () => {
    expect(retryDelay(5, 100, 1000)).toBe(1000);
  });

  it('tries at most 3 times, sleeping 100 then 200 ms between tries', async () => {
    const sleeps: number[] = [];
    const load = vi.fn(async () => {
      throw new Error('chunk failed');
    });
    await expect(loadWithRetry(load, { sleep: async (ms) => void sleeps.push(ms), waitOnline: async () => undefined })).rejects.toThrow('chunk failed');
    expect(load).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('returns as soon as a try succeeds', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls < 2) throw new Error('flaky');
      return 'module';
    };
    await expect(loadWithRetry(load, { sleep: async () => undefined, waitOnline: async () => undefined })).resolves.toBe('module');
    expect(calls).toBe(2);
  });

  it('waits for the network to come back before retrying', async () => {
    const target = new EventTarget();
    const win = Object.assign(target, { navigator: { onLine: false } });
    let resolved = false;
    const waiting = waitForOnline(win as unknown as Window).then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    target.dispatchEvent(new Event('online'));
    await waiting;
    expect(resolved).toBe(true);
  });
});
