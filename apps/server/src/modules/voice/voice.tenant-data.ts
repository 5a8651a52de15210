import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { voiceProfiles } from './voice.table';

/**
 * The learned voice of a deleted account (docs/ACCOUNT.md "Delete my account"). Its samples are
 * documents (the files module removes them); the prompt cache forgets the profile within its TTL.
 */
export const voiceTenantData: TenantDataOwner = {
  module: 'voice',
  tables: ['voice_profiles'],
  async remove({ tx, tenantId }) {
    await tx.delete(voiceProfiles).where(eq(voiceProfiles.tenantId, tenantId));
    return NO_BLOBS;
  },
};
