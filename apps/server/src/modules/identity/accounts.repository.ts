import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users } from './identity.table';

export type UserRow = typeof users.$inferSelect;

/**
 * Marks the password hash of an account made by a sign-up that waits for its address to be
 * confirmed (with a mail server): such a password signs nothing in, so whoever typed an address
 * cannot tell by signing in whether it was free. Confirming the address (the mailed link, or
 * `npm run verify-email`) removes the mark; a password reset replaces the hash altogether.
 */
export const PENDING_PASSWORD_MARK = 'pending$';

/** The stored hash without its pending mark: what confirming an address leaves. */
const confirmedPasswordHash = sql`case when starts_with(${users.passwordHash}, ${PENDING_PASSWORD_MARK}) then substr(${users.passwordHash}, ${PENDING_PASSWORD_MARK.length + 1}::int) else ${users.passwordHash} end`;

/** What confirming an account's address writes: verified, and its password usable. */
export const confirmedAddress = { emailVerified: true, passwordHash: confirmedPasswordHash };

/** Data access for the embedded issuer's local accounts. Emails are stored normalized. */
export function createAccountsRepository({ db }: { db: Db }) {
  return {
    async findById({ id }: { id: string }): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findByEmail({ email }: { email: string }): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    /** The accounts of these (normalized) emails; unknown ones are left out. */
    async findByEmails({ emails }: { emails: readonly string[] }): Promise<UserRow[]> {
      if (emails.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.email, [...emails]));
    },

    /** Marks the account's address as verified (and a pending password usable); false when the account is gone. */
    async markEmailVerified({ id }: { id: string }): Promise<boolean> {
      const rows = await db.update(users).set(confirmedAddress).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Inserts the user; null when the email is already taken (the unique index decides, no race). */
    async insert(input: { id: string; email: string; passwordHash: string; name: string | null; now: Date }): Promise<UserRow | null> {
      const rows = await db
        .insert(users)
        .values({ id: input.id, email: input.email, passwordHash: input.passwordHash, name: input.name, createdAt: input.now })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
