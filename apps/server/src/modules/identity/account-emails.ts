import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users } from './identity.table';

/**
 * The verified e-mail address of a local account by its tenant (an account of the embedded sign-in
 * is its own tenant): the port other modules mail through (billing's usage notices,
 * docs/BILLING.md#notices). Null for a tenant with no local account (an external issuer's user,
 * whose address the tenants module may know) or one whose address is not confirmed.
 */
export function createAccountEmails({ db }: { db: Db }): (tenantId: string) => Promise<string | null> {
  return async (tenantId) => {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, tenantId), eq(users.emailVerified, true)))
      .limit(1);
    return row?.email ?? null;
  };
}
