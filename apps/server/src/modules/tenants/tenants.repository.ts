import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { tenants, userProfiles } from './tenants.table';

/** Data access for tenants and their profiles; every function is keyed by tenant id. */
export function createTenantsRepository({ db }: { db: Db }) {
  // Prepared once: the status check runs after every sign-in and on app start.
  const findTenantById = db.select().from(tenants).where(eq(tenants.id, sql.placeholder('tenantId'))).limit(1).prepare('find_tenant_by_id');
  return {
    async findTenant({ tenantId }: { tenantId: string }) {
      const rows = await findTenantById.execute({ tenantId });
      return rows[0] ?? null;
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
