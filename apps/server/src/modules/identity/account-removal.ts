import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { PENDING_PASSWORD_MARK, type AccountsRepository } from './accounts.repository';
import { normalizeEmail, verifyPassword } from './accounts.service';
import { oidcPayloads, users } from './identity.table';
import type { TokenRevocation } from './token-revocation';

/** What a deletion's confirmation amounts to; 'gone' when the account no longer exists (a retry). */
export type RemovalCheck = 'ok' | 'email_mismatch' | 'password_incorrect' | 'gone';

/**
 * The sign-in side of deleting an account (docs/ACCOUNT.md "Delete my account"): checking what the
 * writer typed, removing the identity's rows inside the deletion's transaction, and refusing the
 * account's tokens once that has committed.
 */
export interface AccountRemoval {
  /** Whether the confirmation asks for the password (an account of the embedded sign-in). */
  requiresPassword: boolean;
  check(args: { userId: string; tokenEmail: string | undefined; email: string; password: string | undefined }): Promise<RemovalCheck>;
  removeRows(args: { tx: Db; userId: string }): Promise<void>;
  /** After the commit: every Bree process refuses the account's tokens from now on. */
  removed(args: { userId: string }): Promise<void>;
}

/**
 * Embedded sign-in: the typed address must be the account's own (as stored, not as an older token
 * says) and the password its password. The account row goes with its sessions, grants, refresh
 * tokens and single-use links (they cascade), so the address is free for a new sign-up, which gets
 * a new id and so a new, empty tenant.
 */
export function createLocalAccountRemoval({
  accounts,
  revocation,
}: {
  accounts: Pick<AccountsRepository, 'findById'>;
  revocation: Pick<TokenRevocation, 'accountChanged'>;
}): AccountRemoval {
  return {
    requiresPassword: true,
    async check({ userId, email, password }) {
      const user = await accounts.findById({ id: userId });
      if (!user) return 'gone';
      if (normalizeEmail(email) !== user.email) return 'email_mismatch';
      if (!password) return 'password_incorrect';
      // A password still waiting for its address to be confirmed is the writer's own all the same.
      const stored = user.passwordHash.startsWith(PENDING_PASSWORD_MARK) ? user.passwordHash.slice(PENDING_PASSWORD_MARK.length) : user.passwordHash;
      return (await verifyPassword(password, stored)) ? 'ok' : 'password_incorrect';
    },
    async removeRows({ tx, userId }) {
      await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
      await tx.delete(users).where(eq(users.id, userId));
    },
    removed: ({ userId }) => revocation.accountChanged(userId),
  };
}

/**
 * An external issuer keeps the account itself: the typed address must be the one its token names,
 * and Bree has no identity rows to remove (docs/EXTERNAL-OIDC.md).
 */
export const externalAccountRemoval: AccountRemoval = {
  requiresPassword: false,
  async check({ tokenEmail, email }) {
    return tokenEmail !== undefined && normalizeEmail(email) === normalizeEmail(tokenEmail) ? 'ok' : 'email_mismatch';
  },
  async removeRows() {},
  async removed() {},
};
