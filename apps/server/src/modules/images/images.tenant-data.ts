import { eq } from 'drizzle-orm';
import type { TenantDataOwner } from '../../lib/tenant-data';
import { images } from './images.table';

/** A deleted account's images (docs/ACCOUNT.md "Delete my account"): the rows in the transaction, the bytes from blob storage after it. */
export const imagesTenantData: TenantDataOwner = {
  module: 'images',
  tables: ['images'],
  async remove({ tx, tenantId }) {
    const removed = await tx.delete(images).where(eq(images.tenantId, tenantId)).returning({ storageKey: images.storageKey });
    return { blobKeys: removed.map((row) => row.storageKey) };
  },
};
