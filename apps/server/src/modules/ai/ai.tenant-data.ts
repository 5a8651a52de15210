import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { aiFileProviders, aiTenantSettings, backgroundResponses } from './ai.table';

/** The assistant's stored results and quality choices of a deleted account (docs/ACCOUNT.md "Delete my account"). */
export const aiTenantData: TenantDataOwner = {
  module: 'ai',
  tables: ['background_responses', 'ai_file_providers', 'ai_tenant_settings'],
  async remove({ tx, tenantId }) {
    await tx.delete(backgroundResponses).where(eq(backgroundResponses.tenantId, tenantId));
    await tx.delete(aiFileProviders).where(eq(aiFileProviders.tenantId, tenantId));
    await tx.delete(aiTenantSettings).where(eq(aiTenantSettings.tenantId, tenantId));
    return NO_BLOBS;
  },
};
