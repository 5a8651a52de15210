import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { userProfiles } from './tenants.table';

/**
 * The verified e-mail address a tenant's profile holds (PUT /users/profile keeps an address as
 * verified only when the signed-in token vouches for it): how Bree reaches a writer of an external
 * issuer, who has no local account (billing's usage notices, docs/BILLING.md#notices). Null without one.
 */
export function createProfileEmails({ db }: { db: Db }): (tenantId: string) => Promise<string | null> {
  return async (tenantId) => {
    const [row] = await db
      .select({ email: userProfiles.email })
      .from(userProfiles)
      .where(and(eq(userProfiles.tenantId, tenantId), eq(userProfiles.emailVerified, true)))
      .limit(1);
    return row?.email ?? null;
  };
}
