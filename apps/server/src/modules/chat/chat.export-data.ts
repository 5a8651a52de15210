import type { Db } from '../../db/db';
import { createChatRepository } from './chat.repository';
import type { ChatMessageRow } from './chat.table';

/**
 * The chat's part of 'Export all my data' (docs/ACCOUNT.md "Export all my data"): a document's
 * conversation, also for a document in the Trash (the chat routes answer for live ones only).
 */
export function createChatExportData({ db }: { db: Db }) {
  const repository = createChatRepository({ db });
  return {
    /** The document's messages, oldest first. */
    async messages({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<ChatMessageRow[]> {
      return repository.list({ tenantId, fileId });
    },
  };
}
export type ChatExportData = ReturnType<typeof createChatExportData>;
