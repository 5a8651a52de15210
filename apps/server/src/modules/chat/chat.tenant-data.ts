import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { chatMessages } from './chat.table';

/** Every chat conversation of a deleted account (docs/ACCOUNT.md "Delete my account"). */
export const chatTenantData: TenantDataOwner = {
  module: 'chat',
  tables: ['chat_messages'],
  async remove({ tx, tenantId }) {
    await tx.delete(chatMessages).where(eq(chatMessages.tenantId, tenantId));
    return NO_BLOBS;
  },
};
