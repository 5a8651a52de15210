import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users } from './identity.table';

export type UserRow = typeof users.$inferSelect;

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

    /** Marks the account's address as verified; false when the account is gone. */
    async markEmailVerified({ id }: { id: string }): Promise<boolean> {
      const rows = await db.update(users).set({ emailVerified: true }).where(eq(users.id, id)).returning({ id: users.id });
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
