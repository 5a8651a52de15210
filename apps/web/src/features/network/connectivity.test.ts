import { describe, expect, it, vi } from 'vitest';
import { createConnectivityMonitor, deriveNetworkState, headCheck } from './connectivity';
import type { CheckResult } from './connectivity';

const MINUTE = 60_000;

describe('network state', () => {
  it('is online after a recent successful check', () => {
    expect(deriveNetworkState({ browserOnline: true, lastSuccessAt: 0, lastUnreachable: false }, 4 * MINUTE)).toBe('online');
  });
  it('is stale after 5 minutes without a successful check', () => {
    expect(deriveNetworkState({ browserOnline: true, lastSuccessAt: 0, lastUnreachable: false }, 5 * MINUTE)).toBe('stale');
  });
  it('is offline when the browser says so or the server could not be reached at all', () => {
    expect(deriveNetworkState({ browserOnline: false, lastSuccessAt: 0, lastUnreachable: false }, 0)).toBe('offline');
    expect(deriveNetworkState({ browserOnline: true, lastSuccessAt: 0, lastUnreachable: true }, 0)).toBe('offline');
  });
});

describe('HEAD / connectivity check', () => {
  it('asks without cache and counts 2xx as success', async () => {
    const fetchFake = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await headCheck(fetchFake as unknown as typeof fetch)).toBe('ok');
    expect(fetchFake).toHaveBeenCalledWith('/', expect.objectContaining({ method: 'HEAD', cache: 'no-store' }));
  });
  it('tells an error answer from no answer', async () => {
    expect(await headCheck((async () => new Response(null, { status: 503 })) as unknown as typeof fetch)).toBe('error');
    expect(
      await headCheck((async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ).toBe('unreachable');
  });
  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as unknown as typeof fetch;
    const result = headCheck(hanging, '/', 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toBe('unreachable');
    vi.useRealTimers();
  });
});

describe('connectivity monitor', () => {
  function setup(results: CheckResult[]) {
    let t = 0;
    let online = true;
    let tick: (() => void) | null = null;
    let visible: (() => void) | null = null;
    const check = vi.fn(async () => results.shift() ?? 'ok');
    const monitor = createConnectivityMonitor({
      check,
      now: () => t,
      isBrowserOnline: () => online,
      setInterval: (fn, ms) => {
        expect(ms).toBe(30_000);
        tick = fn;
        return 1;
      },
      clearInterval: () => (tick = null),
      listen: (onVisible) => {
        visible = onVisible;
        return () => (visible = null);
      },
    });
    const flush = () => new Promise((r) => setTimeout(r, 0));
    return {
      monitor,
      check,
      flush,
      advance: async (ms: number) => {
        t += ms;
        tick?.();
        await flush();
      },
      showTab: async () => {
        visible?.();
        await flush();
      },
      goOffline: () => (online = false),
      hasTimer: () => tick !== null,
    };
  }

  it('checks on start, every 30 s and when the tab becomes visible; goes stale after 5 minutes of failures', async () => {
    const env = setup(['ok', ...Array<CheckResult>(11).fill('error')]);
    const seen: string[] = [];
    const unsubscribe = env.monitor.subscribe(() => seen.push(env.monitor.state()));
    await env.flush();
    expect(env.check).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 9; i++) await env.advance(30_000);
    expect(env.monitor.state()).toBe('online');
    await env.advance(30_000);
    expect(env.monitor.state()).toBe('stale');
    await env.showTab();
    expect(env.check).toHaveBeenCalledTimes(12);
    expect(seen).toEqual(['stale']);
    unsubscribe();
    expect(env.hasTimer()).toBe(false);
  });

  it('reports offline when the check cannot reach the server, and online again after a success', async () => {
    const env = setup(['unreachable', 'ok']);
    env.monitor.subscribe(() => undefined);
    await env.flush();
    expect(env.monitor.state()).toBe('offline');
    await env.advance(30_000);
    expect(env.monitor.state()).toBe('online');
  });
});
