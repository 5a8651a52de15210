import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { tenants, userProfiles } from './tenants.table';

/** The tenant row and the profile of a deleted account, last of the tenant's data (docs/ACCOUNT.md "Delete my account"). */
export const tenantsTenantData: TenantDataOwner = {
  module: 'tenants',
  tables: ['user_profiles', 'tenants'],
  async remove({ tx, tenantId }) {
    await tx.delete(userProfiles).where(eq(userProfiles.tenantId, tenantId));
    await tx.delete(tenants).where(eq(tenants.id, tenantId));
    return NO_BLOBS;
  },
};
