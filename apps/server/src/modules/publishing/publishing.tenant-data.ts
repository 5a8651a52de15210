import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { publishingPosts } from './publishing.table';

/** The posts of a deleted account (the publishing tenant's, docs/PUBLISHING.md): gone from /blog and /updates at once. */
export const publishingTenantData: TenantDataOwner = {
  module: 'publishing',
  tables: ['publishing_posts'],
  async remove({ tx, tenantId }) {
    await tx.delete(publishingPosts).where(eq(publishingPosts.tenantId, tenantId));
    return NO_BLOBS;
  },
};
