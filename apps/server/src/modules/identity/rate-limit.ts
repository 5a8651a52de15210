import type { RateLimitCounters } from '../rate-limits/rate-limits.port';

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

export interface AccountLimiter {
  /**
   * Counts this attempt first, in one atomic statement, and answers 0 when it is within the
   * limit (go on and check it), or the seconds until the window ends. Counting before checking
   * is what holds a burst: concurrent attempts each get their own count, so at most
   * `maxFailures` of them are ever checked.
   */
  attempt(key: string): Promise<number>;
  recordSuccess(key: string): Promise<void>;
}

/**
 * Counts failures per account (normalized email, or user id for mails) so one account cannot be
 * brute-forced from many IPs. The counts live in PostgreSQL (rate_limit_counters), so every Bree
 * process on one database sees the same failures; `scope` keeps the sign-in and mail limits apart.
 */
export function createAccountLimiter({
  counters,
  scope,
  maxFailures = ACCOUNT_LIMIT.maxFailures,
  windowMs = ACCOUNT_LIMIT.windowMs,
  now = () => Date.now(),
}: {
  counters: Pick<RateLimitCounters, 'hit' | 'clear'>;
  /** 'sign-in', 'reset-mail', 'verify-mail', 'sign-up-notice': which limit these keys count for. */
  scope: string;
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}): AccountLimiter {
  const keyOf = (key: string) => `account:${scope}:${key}`;
  const secondsUntil = (resetAt: Date, at: number) => Math.max(1, Math.ceil((resetAt.getTime() - at) / 1000));
  return {
    async attempt(key) {
      const at = now();
      const window = await counters.hit({ key: keyOf(key), windowMs, at: new Date(at) });
      return window.hits <= maxFailures ? 0 : secondsUntil(window.resetAt, at);
    },
    /** Forgets the account's count: a correct password after a few typos starts afresh. */
    async recordSuccess(key) {
      await counters.clear(keyOf(key));
    },
  };
}
