import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { searchSettings } from './search.table';

/**
 * The search language of a deleted account (docs/ACCOUNT.md "Delete my account"). The words index
 * is the documents' own column and goes with them; the meaning index is semantic.tenant-data.ts's.
 */
export const searchTenantData: TenantDataOwner = {
  module: 'search',
  tables: ['search_settings'],
  async remove({ tx, tenantId }) {
    await tx.delete(searchSettings).where(eq(searchSettings.tenantId, tenantId));
    return NO_BLOBS;
  },
};
