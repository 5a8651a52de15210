import { createHash, randomBytes } from 'node:crypto';
import type { AccountSummary } from '@bree/contracts';
import { AppError, commonErrors } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { RateLimitCounters } from '../rate-limits/rate-limits.port';
import { PENDING_PASSWORD_MARK, type AccountsRepository } from './accounts.repository';
import { hashPassword, isValidEmail, normalizeEmail, passwordProblem, verifyPassword } from './accounts.service';
import { emailChangedMailText, emailChangeLinkMailText, emailChangeNoticeMailText, passwordChangedMailText } from './account-mails';
import type { AccountSettingsRepository } from './account-settings.repository';
import { createAccountLimiter } from './rate-limit';
import type { TokenRevocation } from './token-revocation';

/** How long an address change link works. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60_000;
/** Where the link mailed to the new address points; the token travels in the query, which Bree never logs. */
export const CHANGE_EMAIL_PATH = '/interaction/change-email';
/** Wrong current passwords one account may type per window here, as many as at sign-in (rate-limit.ts). */
export const CURRENT_PASSWORD_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOO_MANY = 'Too many attempts with a wrong password. Please wait a few minutes and try again.';

const errors = {
  currentPasswordIncorrect: () => new AppError({ status: 400, code: 'current_password_incorrect', message: 'Your current password is not correct.' }),
  passwordTooShort: () => new AppError({ status: 400, code: 'password_too_short', message: 'Password must be at least 8 characters.' }),
  passwordTooLong: () => new AppError({ status: 400, code: 'password_too_long', message: 'Password must be at most 1024 characters.' }),
  invalidEmail: () => new AppError({ status: 400, code: 'invalid_email', message: 'Enter a valid email address.' }),
  emailUnchanged: () => new AppError({ status: 400, code: 'email_unchanged', message: 'This is already the address of your account.' }),
  emailTaken: () => new AppError({ status: 409, code: 'email_taken', message: 'Another account already uses this email address.' }),
  mailNotConfigured: () =>
    new AppError({
      status: 409,
      code: 'mail_not_configured',
      message: 'This Bree does not send emails, so a new address cannot be confirmed. Ask your administrator.',
    }),
};

/** What using an address change link did, for the page it answers with. */
export type EmailChangeResult = { ok: true; newEmail: string } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * The account settings of Bree's own sign-in (docs/ACCOUNT.md): change the password (the current
 * one required; the other devices signed out) and change the address (a link to the new address,
 * the old one told; the address, and with it ADMIN_EMAILS rights, changes only when the link is used).
 */
export function createAccountSettingsService({
  accounts,
  repository,
  mailer,
  publicUrl,
  counters,
  revocation,
  now = () => new Date(),
}: {
  accounts: Pick<AccountsRepository, 'findById' | 'findByEmail'>;
  repository: AccountSettingsRepository;
  mailer: Mailer | null;
  publicUrl: string;
  counters: RateLimitCounters;
  revocation: Pick<TokenRevocation, 'accountChanged'>;
  now?: () => Date;
}) {
  const limiter = createAccountLimiter({ counters, scope: 'current-password', ...CURRENT_PASSWORD_LIMIT, now: () => now().getTime() });
  const pending = new Set<Promise<unknown>>();

  /** Mails without holding the answer; a failure is logged by the caller's `onError`. */
  function mailInBackground(message: { to: string; subject: string; text: string }, onError: (error: unknown) => void): void {
    if (!mailer) return;
    const sending: Promise<unknown> = mailer
      .send(message)
      .catch(onError)
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  /** The account, after its current password was checked (counted against the limit first, as sign-in does). */
  async function ownerWithPassword({ userId, currentPassword }: { userId: string; currentPassword: string }) {
    const user = await accounts.findById({ id: userId });
    if (!user) throw commonErrors.invalidToken();
    const wait = await limiter.attempt(userId);
    if (wait > 0) throw commonErrors.rateLimited(wait, TOO_MANY);
    const stored = user.passwordHash.startsWith(PENDING_PASSWORD_MARK) ? user.passwordHash.slice(PENDING_PASSWORD_MARK.length) : user.passwordHash;
    if (!currentPassword || !(await verifyPassword(currentPassword, stored))) throw errors.currentPasswordIncorrect();
    return user;
  }

  return {
    /** GET /api/account: the address, whether it is confirmed, and a pending change. */
    async summary({ userId }: { userId: string }): Promise<AccountSummary> {
      const user = await accounts.findById({ id: userId });
      if (!user) throw commonErrors.invalidToken();
      const pendingEmail = await repository.pendingEmail({ userId, now: now() });
      return { email: user.email, emailVerified: user.emailVerified, pendingEmail, canChangeEmail: mailer !== null };
    },

    /**
     * Sets a new password once the current one is checked; every other session, refresh token and
     * access token of the account ends (the grant of `keepGrantId`, this device's, stays) and the
     * owner is told by mail.
     */
    async changePassword(input: { userId: string; keepGrantId: string; currentPassword: string; newPassword: string; onError: (error: unknown) => void }) {
      const weak = passwordProblem(input.newPassword);
      if (weak === 'password_too_short') throw errors.passwordTooShort();
      if (weak === 'password_too_long') throw errors.passwordTooLong();
      const user = await ownerWithPassword(input);
      const passwordHash = await hashPassword(input.newPassword);
      if (!(await repository.setPassword({ userId: user.id, passwordHash, keepGrantId: input.keepGrantId }))) throw commonErrors.invalidToken();
      await limiter.recordSuccess(user.id);
      await revocation.accountChanged(user.id);
      mailInBackground(
        { to: user.email, subject: 'Your Bree password was changed', text: passwordChangedMailText({ email: user.email, publicUrl }) },
        input.onError,
      );
    },

    /**
     * Mails a single-use link (24 hours) to the new address and tells the current one; nothing
     * changes until the link is used. A taken address is refused here and again when the link is used.
     */
    async requestEmailChange(input: { userId: string; newEmail: string; currentPassword: string; onError: (error: unknown) => void }) {
      const newEmail = normalizeEmail(input.newEmail);
      if (!isValidEmail(newEmail)) throw errors.invalidEmail();
      if (!mailer) throw errors.mailNotConfigured();
      const user = await ownerWithPassword(input);
      if (newEmail === user.email) throw errors.emailUnchanged();
      // Counted with the wrong passwords until it succeeds, so probing which addresses have accounts is limited too.
      if (await accounts.findByEmail({ email: newEmail })) throw errors.emailTaken();
      const token = randomBytes(32).toString('base64url');
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + EMAIL_CHANGE_LINK_TTL_MS);
      await repository.replaceEmailChange({ tokenHash: hashToken(token), userId: user.id, newEmail, now: issuedAt, expiresAt });
      await limiter.recordSuccess(user.id);
      const link = `${publicUrl}${CHANGE_EMAIL_PATH}?${new URLSearchParams({ token })}`;
      mailInBackground(
        { to: newEmail, subject: 'Confirm your new email address for Bree', text: emailChangeLinkMailText({ oldEmail: user.email, newEmail, link }) },
        input.onError,
      );
      mailInBackground(
        { to: user.email, subject: 'Your Bree email address is being changed', text: emailChangeNoticeMailText({ oldEmail: user.email, newEmail, publicUrl }) },
        input.onError,
      );
      return { pendingEmail: newEmail, expiresAt: expiresAt.toISOString() };
    },

    /** The addresses a link would move between, or null when it is unknown, used or expired. */
    async checkLink(token: string): Promise<{ oldEmail: string; newEmail: string } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      return repository.findValidChange({ tokenHash: hashToken(token), now: now() });
    },

    /** Uses a link: the account moves to the new, verified address; every process refuses the tokens naming the old one. */
    async confirmEmailChange(token: string, onError: (error: unknown) => void): Promise<EmailChangeResult> {
      if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
      const outcome = await repository.applyEmailChange({ tokenHash: hashToken(token), now: now() }).catch((error: unknown) => {
        // Two accounts moving to one address at once: the unique index lets one win.
        if ((error as { code?: unknown }).code === '23505') return { kind: 'taken' } as const;
        throw error;
      });
      if (outcome.kind !== 'changed') return { ok: false, reason: outcome.kind };
      await revocation.accountChanged(outcome.userId);
      mailInBackground(
        {
          to: outcome.oldEmail,
          subject: 'Your Bree email address was changed',
          text: emailChangedMailText({ oldEmail: outcome.oldEmail, newEmail: outcome.newEmail }),
        },
        onError,
      );
      return { ok: true, newEmail: outcome.newEmail };
    },

    deleteExpired(): Promise<number> {
      return repository.deleteExpired({ now: now() });
    },

    /** Waits for mails being sent (the mailer itself is closed by the password resets). */
    async close(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
