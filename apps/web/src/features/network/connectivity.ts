import { NETWORK } from '@bree/contracts';

/** docs/PRODUCT.md#startup: online, offline, or stale (no successful check for 5 minutes). */
export type NetworkState = 'online' | 'offline' | 'stale';

/** The outcome of one HEAD / check. */
export type CheckResult = 'ok' | 'unreachable' | 'error';

export interface ConnectivitySnapshot {
  /** What the browser says (navigator.onLine). */
  browserOnline: boolean;
  /** When a check last succeeded (or when monitoring began: nothing is stale before a first check). */
  lastSuccessAt: number;
  /** The latest check got no answer at all (network error or timeout). */
  lastUnreachable: boolean;
}

/** Derives the state: offline wins, then stale after NETWORK.staleAfterMs without success. */
export function deriveNetworkState(s: ConnectivitySnapshot, now: number, staleAfterMs: number = NETWORK.staleAfterMs): NetworkState {
  if (!s.browserOnline || s.lastUnreachable) return 'offline';
  return now - s.lastSuccessAt >= staleAfterMs ? 'stale' : 'online';
}

/** HEAD / without cache and with a 5 s timeout; any answer proves reachability, only 2xx counts as success. */
export async function headCheck(fetchImpl: typeof fetch = fetch, url = '/', timeoutMs: number = NETWORK.headTimeoutMs): Promise<CheckResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(url, { method: 'HEAD', cache: 'no-store', signal: controller.signal });
    return res.ok ? 'ok' : 'error';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export interface MonitorEnv {
  check: () => Promise<CheckResult>;
  now?: () => number;
  isBrowserOnline?: () => boolean;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** Registers a listener for tab visibility, online and offline changes; returns the remover. */
  listen?: (onVisible: () => void, onOnlineChange: () => void) => () => void;
  intervalMs?: number;
  staleAfterMs?: number;
}

export interface ConnectivityMonitor {
  state(): NetworkState;
  subscribe(listener: () => void): () => void;
  /** Runs a check now (also used when the tab becomes visible). */
  checkNow(): Promise<void>;
}

function browserListen(onVisible: () => void, onOnlineChange: () => void): () => void {
  const visibility = () => {
    if (document.visibilityState === 'visible') onVisible();
  };
  document.addEventListener('visibilitychange', visibility);
  window.addEventListener('online', onOnlineChange);
  window.addEventListener('offline', onOnlineChange);
  return () => {
    document.removeEventListener('visibilitychange', visibility);
    window.removeEventListener('online', onOnlineChange);
    window.removeEventListener('offline', onOnlineChange);
  };
}

/**
 * Watches connectivity while someone listens: a check every 30 s and whenever the tab becomes
 * visible or the browser goes online. Stops its timer when the last listener leaves.
 */
export function createConnectivityMonitor(env: MonitorEnv): ConnectivityMonitor {
  const now = env.now ?? (() => Date.now());
  const isBrowserOnline = env.isBrowserOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const startTimer = env.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const stopTimer = env.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  const listen = env.listen ?? browserListen;
  const intervalMs = env.intervalMs ?? NETWORK.checkIntervalMs;
  const staleAfterMs = env.staleAfterMs ?? NETWORK.staleAfterMs;

  const listeners = new Set<() => void>();
  const snapshot: ConnectivitySnapshot = { browserOnline: isBrowserOnline(), lastSuccessAt: now(), lastUnreachable: false };
  let current: NetworkState = 'online';
  let stop: (() => void) | null = null;
  let checking: Promise<void> | null = null;

  const publish = () => {
    snapshot.browserOnline = isBrowserOnline();
    const next = deriveNetworkState(snapshot, now(), staleAfterMs);
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };

  const checkNow = () => {
    // Overlapping triggers (timer + visibility) share one request.
    checking ??= env
      .check()
      .then((result) => {
        if (result === 'ok') snapshot.lastSuccessAt = now();
        snapshot.lastUnreachable = result === 'unreachable';
        publish();
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const start = () => {
    snapshot.lastSuccessAt = now();
    const timer = startTimer(() => void checkNow(), intervalMs);
    const unlisten = listen(
      () => void checkNow(),
      () => {
        publish();
        if (isBrowserOnline()) void checkNow();
      },
    );
    void checkNow();
    stop = () => {
      stopTimer(timer);
      unlisten();
    };
  };

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stop) {
          stop();
          stop = null;
        }
      };
    },
    checkNow,
  };
}
