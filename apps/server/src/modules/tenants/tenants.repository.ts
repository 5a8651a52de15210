import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/db';
import { tenants, userProfiles } from './tenants.table';

/** Data access for tenants and their profiles; every function is keyed by tenant id. */
export function createTenantsRepository({ db, query }: { db: Db; query: Database['query'] }) {
  return {
    /** Plain SQL: the status check runs on every app start and sign-in, and the ORM's mapping cost more than the query. */
    async findTenant({ tenantId }: { tenantId: string }): Promise<{ id: string; initializedAt: Date | null } | null> {
      const rows = await query<{ id: string; initialized_at: Date | string | null }>('select id, initialized_at from tenants where id = $1', [tenantId]);
      const row = rows[0];
      if (!row) return null;
      return { id: row.id, initializedAt: row.initialized_at === null ? null : new Date(row.initialized_at) };
    },

    /** Marks the tenant initialized; returns whether this call created it. Idempotent. */
    async initializeTenant({ tenantId, now }: { tenantId: string; now: Date }) {
      const inserted = await db
        .insert(tenants)
        .values({ id: tenantId, initializedAt: now, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: tenants.id });
      if (inserted.length === 0) {
        await db
          .update(tenants)
          .set({ initializedAt: sql`coalesce(${tenants.initializedAt}, ${now.toISOString()}::timestamptz)` })
          .where(eq(tenants.id, tenantId));
      }
      return { created: inserted.length > 0 };
    },

    async upsertProfile(input: { tenantId: string; email: string; name: string; emailVerified: boolean; now: Date }) {
      const values = { email: input.email, name: input.name, emailVerified: input.emailVerified, updatedAt: input.now };
      const rows = await db
        .insert(userProfiles)
        .values({ tenantId: input.tenantId, ...values })
        .onConflictDoUpdate({ target: userProfiles.tenantId, set: values })
        .returning();
      return rows[0]!;
    },
  };
}
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
