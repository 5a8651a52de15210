import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { shares } from './shares.table';

/**
 * The public links of a deleted account (docs/ACCOUNT.md "Delete my account"): the slug is the only
 * copy, so once the row is gone its /share page and API read answer 404 (docs/SHARING.md).
 */
export const sharesTenantData: TenantDataOwner = {
  module: 'shares',
  tables: ['shares'],
  async remove({ tx, tenantId }) {
    await tx.delete(shares).where(eq(shares.tenantId, tenantId));
    return NO_BLOBS;
  },
};
