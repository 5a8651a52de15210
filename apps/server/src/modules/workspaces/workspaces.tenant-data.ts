import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { workspaces, workspaceVariants } from './workspaces.table';

/** The workspaces and variant links of a deleted account (docs/ACCOUNT.md "Delete my account"). */
export const workspacesTenantData: TenantDataOwner = {
  module: 'workspaces',
  tables: ['workspace_variants', 'workspaces'],
  async remove({ tx, tenantId }) {
    await tx.delete(workspaceVariants).where(eq(workspaceVariants.tenantId, tenantId));
    await tx.delete(workspaces).where(eq(workspaces.tenantId, tenantId));
    return NO_BLOBS;
  },
};
