/** Per-IP limits of the sign-in pages' POSTs (enforced by @fastify/rate-limit route config). */
export const IP_LIMITS = {
  signIn: { max: 20, timeWindow: 60_000 },
  signUp: { max: 20, timeWindow: 60_000 },
  /** "Forgot password?" requests: each may send an email. */
  forgotPassword: { max: 10, timeWindow: 60_000 },
  /** New passwords sent from a reset link. */
  resetPassword: { max: 20, timeWindow: 60_000 },
  /** Email confirmations, and requests for a new confirmation link (each may send an email). */
  verifyEmail: { max: 10, timeWindow: 60_000 },
} as const;

/** Failed sign-ins allowed per account in one window before it is locked for the rest of it. */
export const ACCOUNT_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_RESETS = 'Too many requests. Please wait a few minutes and try again.';

interface Window {
  failures: number;
  resetAt: number;
}

export interface AccountLimiter {
  /** Seconds until the account may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
  recordSuccess(key: string): void;
  close(): void;
}

/**
 * Counts failed sign-ins per account (normalized email) so one account cannot be
 * brute-forced from many IPs. Kept in memory on purpose: Bree runs as one process, the
 * state is tiny and short-lived, and losing it on restart only gives an attacker one more
 * window. A multi-instance deployment would move this to the database or Redis.
 */
export function createAccountLimiter({
  maxFailures = ACCOUNT_LIMIT.maxFailures,
  windowMs = ACCOUNT_LIMIT.windowMs,
  now = () => Date.now(),
  maxEntries = 100_000,
}: { maxFailures?: number; windowMs?: number; now?: () => number; maxEntries?: number } = {}): AccountLimiter {
  const windows = new Map<string, Window>();

  const prune = () => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };
  // Drop finished windows regularly so an attacker cycling emails cannot grow the map forever.
  const timer = setInterval(prune, Math.min(windowMs, 60_000));
  timer.unref();

  const current = (key: string): Window | undefined => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };

  return {
    retryAfter(key) {
      const w = current(key);
      if (!w || w.failures < maxFailures) return 0;
      return Math.max(1, Math.ceil((w.resetAt - now()) / 1000));
    },
    recordFailure(key) {
      const w = current(key);
      if (w) {
        w.failures += 1;
        return;
      }
      if (windows.size >= maxEntries) prune();
      windows.set(key, { failures: 1, resetAt: now() + windowMs });
    },
    recordSuccess(key) {
      windows.delete(key);
    },
    close() {
      clearInterval(timer);
      windows.clear();
    },
  };
}
