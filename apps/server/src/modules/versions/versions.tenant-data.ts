import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { fileVersions } from './versions.table';

/** Every version of every document of a deleted account (docs/ACCOUNT.md "Delete my account"). */
export const versionsTenantData: TenantDataOwner = {
  module: 'versions',
  tables: ['file_versions'],
  async remove({ tx, tenantId }) {
    await tx.delete(fileVersions).where(eq(fileVersions.tenantId, tenantId));
    return NO_BLOBS;
  },
};
