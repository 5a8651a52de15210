import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { requestReplays } from './replays.table';

/** The remembered answers of a deleted account's requests (docs/REPLAYS.md): they hold document names and texts. */
export const replaysTenantData: TenantDataOwner = {
  module: 'replays',
  tables: ['request_replays'],
  async remove({ tx, tenantId }) {
    await tx.delete(requestReplays).where(eq(requestReplays.tenantId, tenantId));
    return NO_BLOBS;
  },
};
