import { eq, or } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { documentGrants, documentInvitations } from './grants.table';

/**
 * Grants and invitations of a deleted account (docs/ACCOUNT.md "Delete my account"): those of its
 * documents, and those other accounts gave it, so nothing of it is left in anyone's 'Shared with me'.
 */
export const grantsTenantData: TenantDataOwner = {
  module: 'grants',
  tables: ['document_grants', 'document_invitations'],
  async remove({ tx, tenantId }) {
    await tx.delete(documentGrants).where(or(eq(documentGrants.tenantId, tenantId), eq(documentGrants.granteeTenantId, tenantId)));
    await tx.delete(documentInvitations).where(eq(documentInvitations.tenantId, tenantId));
    return NO_BLOBS;
  },
};
