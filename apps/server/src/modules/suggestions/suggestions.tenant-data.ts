import { eq, or } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { suggestions } from './suggestions.table';

/** Suggestions of a deleted account (docs/ACCOUNT.md "Delete my account"): those on its documents and those it made on others'. */
export const suggestionsTenantData: TenantDataOwner = {
  module: 'suggestions',
  tables: ['suggestions'],
  async remove({ tx, tenantId }) {
    await tx.delete(suggestions).where(or(eq(suggestions.tenantId, tenantId), eq(suggestions.authorTenantId, tenantId)));
    return NO_BLOBS;
  },
};
