import { LAZY_LOAD } from '@bree/contracts';
import { retry } from '../retry';

/** A code chunk that could not be loaded even after retrying. */
export class LazyLoadError extends Error {
  override readonly name = 'LazyLoadError';
  readonly componentName: string;
  constructor(componentName: string, cause: unknown) {
    super(`Failed to load ${componentName}`, { cause });
    this.componentName = componentName;
  }
}

/** Delay before try number `attempt + 1` (attempt is 1-based): 100, 200, 400 … ms, capped at 2 s. */
export function retryDelay(attempt: number, baseDelayMs: number = LAZY_LOAD.baseDelayMs, maxDelayMs: number = LAZY_LOAD.maxDelayMs): number {
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempt - 1), maxDelayMs);
}

/** Resolves at once when online, else on the browser's next 'online' event. */
export function waitForOnline(win: Pick<Window, 'addEventListener'> & { navigator: Pick<Navigator, 'onLine'> } = window): Promise<void> {
  if (win.navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('online', () => resolve(), { once: true }));
}

export interface LoadWithRetryOptions {
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  waitOnline?: () => Promise<void>;
}

/** Calls `load` up to 3 times with exponential back-off, waiting for the network between tries. */
export function loadWithRetry<T>(load: () => Promise<T>, options: LoadWithRetryOptions = {}): Promise<T> {
  const { maxAttempts = LAZY_LOAD.maxRetries, sleep, waitOnline = () => waitForOnline() } = options;
  return retry({
    task: () => load(),
    attempts: maxAttempts,
    delayMs: ({ retry: n }) => retryDelay(n + 1),
    // A chunk fetched while offline fails instantly; retrying before reconnecting is pointless.
    beforeWait: waitOnline,
    ...(sleep ? { sleep } : {}),
  });
}
