import { eq, or } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { commentThreads, comments } from './comments.table';

/**
 * Comments of a deleted account (docs/ACCOUNT.md "Delete my account"): the threads on its documents,
 * and what it wrote on other accounts' documents (a thread it started goes with its replies).
 */
export const commentsTenantData: TenantDataOwner = {
  module: 'comments',
  tables: ['comment_threads', 'comments'],
  async remove({ tx, tenantId }) {
    await tx.delete(commentThreads).where(or(eq(commentThreads.tenantId, tenantId), eq(commentThreads.authorTenantId, tenantId)));
    await tx.delete(comments).where(eq(comments.authorTenantId, tenantId));
    return NO_BLOBS;
  },
};
