import type { TenantsRepository } from './tenants.repository';

/** Tenant status, first-time initialisation and the profile sent after sign-in. */
export function createTenantsService({ repository, now = () => new Date() }: { repository: TenantsRepository; now?: () => Date }) {
  return {
    async getStatus({ tenantId }: { tenantId: string }) {
      const tenant = await repository.findTenant({ tenantId });
      return { tenantId, initialized: Boolean(tenant?.initializedAt) };
    },
    async initialize({ tenantId }: { tenantId: string }) {
      const { created } = await repository.initializeTenant({ tenantId, now: now() });
      return { tenantId, created };
    },
    async updateProfile(input: { tenantId: string; email: string; name: string; emailVerified: boolean }) {
      return repository.upsertProfile({ ...input, now: now() });
    },
  };
}
export type TenantsService = ReturnType<typeof createTenantsService>;
