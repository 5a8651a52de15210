import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { endAccountSessions } from './account-sessions';
import { passwordResetTokens, users } from './identity.table';

/** Data access for password resets: reset-link tokens (stored hashed) and password changes. */
export function createPasswordResetRepository({ db }: { db: Db }) {
  /**
   * Sets the account's password hash, deletes every reset link of the account and signs it out
   * everywhere ({@link endAccountSessions}: sessions, grants, refresh tokens and the access tokens
   * issued so far), so whoever knew the old password is out. Runs inside the caller's transaction;
   * the caller announces the change (TokenRevocation.accountChanged) once it is committed.
   */
  async function setPassword(tx: Db, userId: string, passwordHash: string): Promise<boolean> {
    const updated = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id });
    if (updated.length === 0) return false;
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    return endAccountSessions(tx, userId);
  }

  return {
    async insertToken(input: { tokenHash: string; userId: string; now: Date; expiresAt: Date }): Promise<void> {
      await db.insert(passwordResetTokens).values({ tokenHash: input.tokenHash, userId: input.userId, createdAt: input.now, expiresAt: input.expiresAt });
    },

    /** The account a still-valid token belongs to, or null (unknown, used or expired). */
    async findValidToken({ tokenHash, now }: { tokenHash: string; now: Date }): Promise<{ userId: string; email: string } | null> {
      const rows = await db
        .select({ userId: passwordResetTokens.userId, email: users.email })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Uses a token: deletes it (only one request can), then sets the password as
     * {@link setPassword} does. Null when the token was unknown, used or expired.
     */
    async consumeToken({ tokenHash, now, passwordHash }: { tokenHash: string; now: Date; passwordHash: string }): Promise<{ userId: string } | null> {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
          .returning({ userId: passwordResetTokens.userId });
        const userId = consumed[0]?.userId;
        if (!userId) return null;
        return (await setPassword(tx as unknown as Db, userId, passwordHash)) ? { userId } : null;
      });
    },

    /** Sets a password directly (the reset-password command); false when the account is gone. */
    async setPassword({ userId, passwordHash }: { userId: string; passwordHash: string }): Promise<boolean> {
      return db.transaction((tx) => setPassword(tx as unknown as Db, userId, passwordHash));
    },

    /** Deletes expired reset links; returns how many went. */
    async deleteExpiredTokens({ now }: { now: Date }): Promise<number> {
      const deleted = await db
        .delete(passwordResetTokens)
        .where(lte(passwordResetTokens.expiresAt, now))
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      return deleted.length;
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
