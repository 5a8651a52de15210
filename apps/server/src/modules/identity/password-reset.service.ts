import { createHash, randomBytes } from 'node:crypto';
import type { Mailer } from '../../lib/mailer';
import type { AccountsRepository } from './accounts.repository';
import { hashPassword, normalizeEmail, passwordProblem, type PasswordProblem } from './accounts.service';
import type { RateLimitCounters } from '../rate-limits/rate-limits.port';
import { createAccountLimiter } from './rate-limit';
import type { TokenRevocation } from './token-revocation';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/** Reset mails one account receives at most per window (silently skipped beyond: no mail bombing). */
export const RESET_MAIL_LIMIT = { maxFailures: 3, windowMs: 15 * 60_000 } as const;
/** Where the link in the mail points; the token travels in the query, which Bree never logs. */
export const RESET_PASSWORD_PATH = '/interaction/reset-password';

/** 32 random bytes, base64url: what a link carries. Anything else is refused before any lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ResetFailure = 'invalid_link' | PasswordProblem | 'passwords_differ';
export type ResetResult = { ok: true; userId: string } | { ok: false; reason: ResetFailure };

/** What became of a reset request; the page answers the same whatever it is. */
export type RequestOutcome = 'sent' | 'no_account' | 'limited';

interface PasswordResetRepositoryPort {
  insertToken(input: { tokenHash: string; userId: string; now: Date; expiresAt: Date }): Promise<void>;
  findValidToken(input: { tokenHash: string; now: Date }): Promise<{ userId: string; email: string } | null>;
  consumeToken(input: { tokenHash: string; now: Date; passwordHash: string }): Promise<{ userId: string } | null>;
  deleteExpiredTokens(input: { now: Date }): Promise<number>;
}

/**
 * "Forgot password": mails a single-use link valid one hour, and sets the new password when
 * the link is used. Only a token's SHA-256 is stored; using one deletes every link of the
 * account and signs the account out everywhere (see the repository).
 */
export function createPasswordResetService({
  accounts,
  repository,
  mailer,
  publicUrl,
  now = () => new Date(),
  counters,
  revocation,
}: {
  accounts: Pick<AccountsRepository, 'findByEmail'>;
  repository: PasswordResetRepositoryPort;
  mailer: Mailer | null;
  publicUrl: string;
  now?: () => Date;
  /** Where the mail limit counts (rate_limit_counters). */
  counters: RateLimitCounters;
  /** Told of a reset, so every process refuses the account's earlier access tokens at once. */
  revocation?: Pick<TokenRevocation, 'accountChanged'>;
}) {
  const limiter = createAccountLimiter({ counters, scope: 'reset-mail', ...RESET_MAIL_LIMIT, now: () => now().getTime() });
  const pending = new Set<Promise<unknown>>();

  /** Creates a link for the account of this email and mails it; nothing happens for unknown emails. */
  async function requestReset(rawEmail: string): Promise<RequestOutcome> {
    if (!mailer) throw new Error('No mail server configured.');
    const email = normalizeEmail(rawEmail);
    const user = email ? await accounts.findByEmail({ email }) : null;
    if (!user) return 'no_account';
    // Counted before the mail is sent, in one statement: a burst of requests sends at most the limit.
    if ((await limiter.attempt(user.id)) > 0) return 'limited';
    const token = randomBytes(32).toString('base64url');
    const issuedAt = now();
    await repository.insertToken({ tokenHash: hashToken(token), userId: user.id, now: issuedAt, expiresAt: new Date(issuedAt.getTime() + RESET_LINK_TTL_MS) });
    const link = `${publicUrl}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token })}`;
    await mailer.send({ to: user.email, subject: 'Reset your Bree password', text: resetMailText({ email: user.email, link }) });
    return 'sent';
  }

  /** The email of the account a link belongs to, or null when the link is unknown, used or expired. */
  async function checkLink(token: string): Promise<{ email: string } | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const found = await repository.findValidToken({ tokenHash: hashToken(token), now: now() });
    return found ? { email: found.email } : null;
  }

  return {
    /** False when no mail server is configured: the pages then say to ask the administrator. */
    canSendLinks: mailer !== null,
    requestReset,
    checkLink,

    /**
     * {@link requestReset} without waiting: the page answers at once and as fast whether or not
     * the account exists (no enumeration by timing). Failures go to `onError`.
     */
    requestResetInBackground(rawEmail: string, onError: (error: unknown) => void): void {
      const work: Promise<unknown> = requestReset(rawEmail)
        .catch(onError)
        .finally(() => pending.delete(work));
      pending.add(work);
    },

    /** Sets the new password if the link is still good and the password follows the sign-up rules. */
    async resetPassword(input: { token: string; password: string; confirmation: string }): Promise<ResetResult> {
      if (!(await checkLink(input.token))) return { ok: false, reason: 'invalid_link' };
      const weak = passwordProblem(input.password);
      if (weak) return { ok: false, reason: weak };
      if (input.password !== input.confirmation) return { ok: false, reason: 'passwords_differ' };
      const passwordHash = await hashPassword(input.password);
      // The token is deleted by the same statement that checks it: a second use (or a race) finds nothing.
      const used = await repository.consumeToken({ tokenHash: hashToken(input.token), now: now(), passwordHash });
      if (!used) return { ok: false, reason: 'invalid_link' };
      await revocation?.accountChanged(used.userId);
      return { ok: true, userId: used.userId };
    },

    deleteExpired(): Promise<number> {
      return repository.deleteExpiredTokens({ now: now() });
    },

    /** Waits for mails being sent, then lets go of the mail server. */
    async close(): Promise<void> {
      await Promise.allSettled([...pending]);
      mailer?.close();
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

function resetMailText({ email, link }: { email: string; link: string }): string {
  return `Hello,

Someone asked to reset the password of the Bree account ${email}.
To choose a new password, open this link within one hour:

${link}

The link works once. If you did not ask for this, you can ignore this email:
your password stays as it is.

— Bree
`;
}
