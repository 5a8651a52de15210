import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { confirmedAddress } from './accounts.repository';
import { emailVerificationTokens, users } from './identity.table';

/** Data access for email-verification links (tokens stored hashed). */
export function createEmailVerificationRepository({ db }: { db: Db }) {
  return {
    async insertToken(input: { tokenHash: string; userId: string; now: Date; expiresAt: Date }): Promise<void> {
      await db.insert(emailVerificationTokens).values({ tokenHash: input.tokenHash, userId: input.userId, createdAt: input.now, expiresAt: input.expiresAt });
    },

    /** The account a still-valid token belongs to, or null (unknown, used or expired). */
    async findValidToken({ tokenHash, now }: { tokenHash: string; now: Date }): Promise<{ userId: string; email: string } | null> {
      const rows = await db
        .select({ userId: emailVerificationTokens.userId, email: users.email })
        .from(emailVerificationTokens)
        .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
        .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Uses a token: deletes it (only one request can), marks the account's address verified (its
     * password usable, when a sign-up left it pending) and deletes the account's other links. Null when the token was unknown, used or expired.
     * Access tokens saying the address is unconfirmed are refused from then on (token-revocation.ts),
     * so the web app refreshes at once and the new token counts the address (ADMIN_EMAILS; docs/ACCOUNT.md).
     */
    async consumeToken({ tokenHash, now }: { tokenHash: string; now: Date }): Promise<{ userId: string; email: string } | null> {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .delete(emailVerificationTokens)
          .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)))
          .returning({ userId: emailVerificationTokens.userId });
        const userId = consumed[0]?.userId;
        if (!userId) return null;
        const updated = await tx.update(users).set(confirmedAddress).where(eq(users.id, userId)).returning({ email: users.email });
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
        return updated[0] ? { userId, email: updated[0].email } : null;
      });
    },

    /** Deletes expired links; returns how many went. */
    async deleteExpiredTokens({ now }: { now: Date }): Promise<number> {
      const deleted = await db
        .delete(emailVerificationTokens)
        .where(lte(emailVerificationTokens.expiresAt, now))
        .returning({ tokenHash: emailVerificationTokens.tokenHash });
      return deleted.length;
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
