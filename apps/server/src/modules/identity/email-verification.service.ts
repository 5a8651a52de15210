import { createHash, randomBytes } from 'node:crypto';
import type { Mailer } from '../../lib/mailer';
import type { AccountsRepository } from './accounts.repository';
import { normalizeEmail } from './accounts.service';
import type { EmailVerificationRepository } from './email-verification.repository';
import { FORGOT_PASSWORD_PATH } from './password-reset.routes';
import type { RateLimitCounters } from '../rate-limits/rate-limits.port';
import { createAccountLimiter } from './rate-limit';
import type { TokenRevocation } from './token-revocation';

/** How long a verification link works. */
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60_000;
/** Verification mails one account receives at most per window (silently skipped beyond). */
export const VERIFY_MAIL_LIMIT = { maxFailures: 3, windowMs: 15 * 60_000 } as const;
/** Where the link in the mail points; the token travels in the query, which Bree never logs. */
export const VERIFY_EMAIL_PATH = '/interaction/verify-email';

/** 32 random bytes, base64url: what a link carries. Anything else is refused before any lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Email verification of local accounts: a single-use link valid 24 hours, mailed after sign-up
 * and on request; only a token's SHA-256 is stored. Using it marks the address verified (what
 * ADMIN_EMAILS needs) and deletes the account's other links.
 */
export function createEmailVerificationService({
  accounts,
  repository,
  mailer,
  publicUrl,
  now = () => new Date(),
  counters,
  revocation,
}: {
  accounts: Pick<AccountsRepository, 'findByEmail' | 'findById'>;
  repository: EmailVerificationRepository;
  mailer: Mailer | null;
  publicUrl: string;
  now?: () => Date;
  /** Where the mail limit counts (rate_limit_counters). */
  counters: RateLimitCounters;
  /** Told of a confirmation, so every process refuses the access tokens that called the address unconfirmed. */
  revocation?: Pick<TokenRevocation, 'accountChanged'>;
}) {
  const limiter = createAccountLimiter({ counters, scope: 'verify-mail', ...VERIFY_MAIL_LIMIT, now: () => now().getTime() });
  // Sign-ups with a taken address: as many notices as confirmation mails, so neither floods a mailbox.
  const noticeLimiter = createAccountLimiter({ counters, scope: 'sign-up-notice', ...VERIFY_MAIL_LIMIT, now: () => now().getTime() });
  const pending = new Set<Promise<unknown>>();

  /** Mails a new link to an unverified account; nothing for verified or unknown ones, or beyond the limit. */
  async function sendLink(user: { id: string; email: string; emailVerified: boolean }): Promise<'sent' | 'skipped'> {
    // Counted before sending, so concurrent requests cannot all pass the limit.
    if (!mailer || user.emailVerified || (await limiter.attempt(user.id)) > 0) return 'skipped';
    const token = randomBytes(32).toString('base64url');
    const issuedAt = now();
    await repository.insertToken({ tokenHash: hashToken(token), userId: user.id, now: issuedAt, expiresAt: new Date(issuedAt.getTime() + VERIFY_LINK_TTL_MS) });
    const link = `${publicUrl}${VERIFY_EMAIL_PATH}?${new URLSearchParams({ token })}`;
    await mailer.send({ to: user.email, subject: 'Confirm your email address for Bree', text: verifyMailText({ email: user.email, link }) });
    return 'sent';
  }

  /** Runs mail work without holding the page's answer; failures go to `onError`. */
  function inBackground(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const running: Promise<unknown> = work()
      .catch(onError)
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  return {
    /** False without a mail server: addresses are then verified with `npm run verify-email`. */
    canSendLinks: mailer !== null,

    /** After sign-up: mails the new account its link, without waiting. */
    sendLinkInBackground(user: { id: string; email: string; emailVerified: boolean }, onError: (error: unknown) => void): void {
      inBackground(() => sendLink(user), onError);
    },

    /** "Send the link again": the same answer whether or not the address has an unverified account. */
    resendInBackground(rawEmail: string, onError: (error: unknown) => void): void {
      inBackground(async () => {
        const email = normalizeEmail(rawEmail);
        const user = email ? await accounts.findByEmail({ email }) : null;
        if (user) await sendLink(user);
      }, onError);
    },

    /**
     * After a sign-up with an address that has an account: tells its owner, without waiting, so
     * the person who typed it sees the same page as for a new account (the mail goes to the owner).
     */
    noticeInBackground(rawEmail: string, onError: (error: unknown) => void): void {
      inBackground(async () => {
        const email = normalizeEmail(rawEmail);
        const user = await accounts.findByEmail({ email });
        if (!mailer || !user || (await noticeLimiter.attempt(user.id)) > 0) return;
        const text = signUpNoticeText({ email: user.email, signInUrl: `${publicUrl}/app`, forgotUrl: `${publicUrl}${FORGOT_PASSWORD_PATH}` });
        await mailer.send({ to: user.email, subject: 'Someone tried to create a Bree account with your email address', text });
      }, onError);
    },

    /** The address a link would verify, or null when the link is unknown, used or expired. */
    async checkLink(token: string): Promise<{ email: string } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const found = await repository.findValidToken({ tokenHash: hashToken(token), now: now() });
      return found ? { email: found.email } : null;
    },

    /** Uses a link: the address is verified. Null when the link is unknown, used or expired. */
    async verify(token: string): Promise<{ email: string } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const used = await repository.consumeToken({ tokenHash: hashToken(token), now: now() });
      if (!used) return null;
      await revocation?.accountChanged(used.userId);
      return { email: used.email };
    },

    deleteExpired(): Promise<number> {
      return repository.deleteExpiredTokens({ now: now() });
    },

    /** Waits for mails being sent. The mailer is shared with password resets, which close it. */
    async close(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

function verifyMailText({ email, link }: { email: string; link: string }): string {
  return `Hello,

Please confirm that ${email} is your email address for Bree.
Open this link within 24 hours:

${link}

The link works once. If you did not create a Bree account, you can ignore this email.

— Bree
`;
}

function signUpNoticeText({ email, signInUrl, forgotUrl }: { email: string; signInUrl: string; forgotUrl: string }): string {
  return `Hello,

Someone, perhaps you, tried to create a Bree account with ${email}. This address already has an
account, so no new one was made and nothing was changed.

If it was you, sign in here:

${signInUrl}

Forgot password? Get a link to choose a new one here:

${forgotUrl}

If it was not you, you can ignore this email.

— Bree
`;
}
