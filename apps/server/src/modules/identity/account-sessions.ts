import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { oidcPayloads, users } from './identity.table';
import type { TokenRevocation } from './token-revocation';

/**
 * Signs the account out everywhere, inside the caller's transaction: its access tokens issued until
 * now are refused (`tokens_valid_after`), and its issuer sessions, grants and refresh tokens (the
 * oidc-provider rows naming the account) end. False when the account is gone. After the commit, call
 * {@link TokenRevocation.accountChanged} so every process refuses the tokens at once.
 */
export async function endAccountSessions(tx: Db, userId: string): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ tokensValidAfter: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
  return true;
}

/**
 * Sign-out everywhere as the API asks for it (the sign-out-everywhere route). A password change ends
 * the other devices only (account-settings.repository.ts); an address change ends no session: the
 * tokens naming the old address are refused and the next refresh names the new one (token-revocation.ts).
 */
export function createAccountSessions({ db, revocation }: { db: Db; revocation: Pick<TokenRevocation, 'accountChanged'> }) {
  return {
    /** Ends every session and access token of the account, announced to every Bree process. */
    async signOutEverywhere({ userId }: { userId: string }): Promise<boolean> {
      const ended = await db.transaction((tx) => endAccountSessions(tx as unknown as Db, userId));
      if (ended) await revocation.accountChanged(userId);
      return ended;
    },
  };
}
export type AccountSessions = ReturnType<typeof createAccountSessions>;
