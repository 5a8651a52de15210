import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { emailChangeTokens, emailVerificationTokens, oidcPayloads, passwordResetTokens, users } from './identity.table';

/** What applying an address change found: done, the link was unknown/used/expired, or the address is taken by now. */
export type EmailChangeOutcome = { kind: 'changed'; userId: string; oldEmail: string; newEmail: string } | { kind: 'invalid' } | { kind: 'taken' };

/**
 * Ends the account's issuer sessions, grants and refresh tokens except the one grant the caller's
 * access token was minted from and the session holding it: "the other devices". Their access tokens
 * are refused through the grant check of token-revocation.ts once the rows are gone.
 */
async function endOtherSessions(tx: Db, { userId, keepGrantId }: { userId: string; keepGrantId: string }): Promise<void> {
  await tx
    .delete(oidcPayloads)
    .where(
      and(
        sql`${oidcPayloads.payload}->>'accountId' = ${userId}`,
        sql`not (${oidcPayloads.type} = 'Grant' and ${oidcPayloads.id} = ${keepGrantId})`,
        sql`${oidcPayloads.grantId} is distinct from ${keepGrantId}`,
        sql`not (${oidcPayloads.type} = 'Session' and exists (select 1 from jsonb_each(coalesce(${oidcPayloads.payload}->'authorizations', '{}'::jsonb)) a where a.value->>'grantId' = ${keepGrantId}))`,
      ),
    );
}

/** Data access of the account settings (docs/ACCOUNT.md): new password, address change links. */
export function createAccountSettingsRepository({ db }: { db: Db }) {
  return {
    /**
     * Stores the new password hash and, in the same transaction, ends every other session of the
     * account and its unused reset links (mailed before the change). False when the account is gone.
     */
    async setPassword({ userId, passwordHash, keepGrantId }: { userId: string; passwordHash: string; keepGrantId: string }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id });
        if (updated.length === 0) return false;
        await endOtherSessions(tx as unknown as Db, { userId, keepGrantId });
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        return true;
      });
    },

    /** Replaces the account's pending address change by this one (only the latest link works). */
    async replaceEmailChange(input: { tokenHash: string; userId: string; newEmail: string; now: Date; expiresAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, input.userId));
        await tx.insert(emailChangeTokens).values({
          tokenHash: input.tokenHash,
          userId: input.userId,
          newEmail: input.newEmail,
          createdAt: input.now,
          expiresAt: input.expiresAt,
        });
      });
    },

    /** The address a still-valid link of this account would move it to, or null. */
    async pendingEmail({ userId, now }: { userId: string; now: Date }): Promise<string | null> {
      const rows = await db
        .select({ newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .where(and(eq(emailChangeTokens.userId, userId), gt(emailChangeTokens.expiresAt, now)))
        .limit(1);
      return rows[0]?.newEmail ?? null;
    },

    /** The current and new address of a still-valid link, or null. */
    async findValidChange({ tokenHash, now }: { tokenHash: string; now: Date }): Promise<{ oldEmail: string; newEmail: string } | null> {
      const rows = await db
        .select({ oldEmail: users.email, newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .innerJoin(users, eq(users.id, emailChangeTokens.userId))
        .where(and(eq(emailChangeTokens.tokenHash, tokenHash), gt(emailChangeTokens.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Uses a link, in one transaction: deletes it (only one request can), moves the account to the
     * new address, verified (the link proved it) — every access token naming the old address is then
     * refused (token-revocation.ts) and the next refresh names the new one; the account's other
     * identity links (sent to the old address) are deleted. 'taken' when another account has the
     * address by now: nothing changes and the link is spent.
     */
    async applyEmailChange({ tokenHash, now }: { tokenHash: string; now: Date }): Promise<EmailChangeOutcome> {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .delete(emailChangeTokens)
          .where(and(eq(emailChangeTokens.tokenHash, tokenHash), gt(emailChangeTokens.expiresAt, now)))
          .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
        const change = consumed[0];
        if (!change) return { kind: 'invalid' } as const;
        const before = await tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId)).for('update');
        const oldEmail = before[0]?.email;
        if (oldEmail === undefined) return { kind: 'invalid' } as const;
        const owner = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail)).limit(1);
        if (owner.length > 0) return { kind: 'taken' } as const;
        await tx.update(users).set({ email: change.newEmail, emailVerified: true }).where(eq(users.id, change.userId));
        await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, change.userId));
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, change.userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, change.userId));
        return { kind: 'changed', userId: change.userId, oldEmail, newEmail: change.newEmail } as const;
      });
    },

    /** Deletes expired links; returns how many went. */
    async deleteExpired({ now }: { now: Date }): Promise<number> {
      const deleted = await db.delete(emailChangeTokens).where(lte(emailChangeTokens.expiresAt, now)).returning({ tokenHash: emailChangeTokens.tokenHash });
      return deleted.length;
    },
  };
}
export type AccountSettingsRepository = ReturnType<typeof createAccountSettingsRepository>;
