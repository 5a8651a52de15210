import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { files, saveReceipts } from './files.table';

/**
 * The documents of a deleted account (docs/ACCOUNT.md "Delete my account"): every document, the
 * Trash and dictations in progress included, and the save receipts. Other tables' foreign keys to a
 * document cascade, but their owners remove their rows first, so nothing depends on the cascade.
 */
export const filesTenantData: TenantDataOwner = {
  module: 'files',
  tables: ['files', 'file_operations'],
  async remove({ tx, tenantId }) {
    await tx.delete(saveReceipts).where(eq(saveReceipts.tenantId, tenantId));
    await tx.delete(files).where(eq(files.tenantId, tenantId));
    return NO_BLOBS;
  },
};
