import type { RateLimitCounters } from '../rate-limits/rate-limits.repository';

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
  /** Seconds until the account may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
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
  counters: Pick<RateLimitCounters, 'hit' | 'read' | 'clear'>;
  /** 'sign-in', 'reset-mail', 'verify-mail': which limit these keys count for. */
  scope: string;
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}): AccountLimiter {
  const keyOf = (key: string) => `account:${scope}:${key}`;
  return {
    async retryAfter(key) {
      const at = now();
      const window = await counters.read({ key: keyOf(key), at: new Date(at) });
      if (!window || window.hits < maxFailures) return 0;
      return Math.max(1, Math.ceil((window.resetAt.getTime() - at) / 1000));
    },
    async recordFailure(key) {
      await counters.hit({ key: keyOf(key), windowMs, at: new Date(now()) });
    },
    async recordSuccess(key) {
      await counters.clear(keyOf(key));
    },
  };
}
