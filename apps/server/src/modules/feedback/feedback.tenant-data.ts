import { eq } from 'drizzle-orm';
import type { TenantDataOwner } from '../../lib/tenant-data';
import { feedback, feedbackAttachments } from './feedback.table';

/**
 * The feedback a deleted account sent (docs/ACCOUNT.md "Delete my account"), preserved items
 * included: the rows go in the transaction, the attachments' bytes from blob storage after it.
 */
export const feedbackTenantData: TenantDataOwner = {
  module: 'feedback',
  tables: ['feedback', 'feedback_attachments'],
  async remove({ tx, tenantId }) {
    const attachments = await tx
      .delete(feedbackAttachments)
      .where(eq(feedbackAttachments.tenantId, tenantId))
      .returning({ storageKey: feedbackAttachments.storageKey });
    await tx.delete(feedback).where(eq(feedback.tenantId, tenantId));
    return { blobKeys: attachments.map((a) => a.storageKey) };
  },
};
