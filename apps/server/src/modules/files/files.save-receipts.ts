import type { Db } from '../../db/db';
import { createFilesRepository } from './files.repository';

/** How long a save receipt is kept for a repeat of its save key. */
export const SAVE_RECEIPT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The save receipts, the remembered answers of content saves (`file_operations`, written by
 * files.content-write.ts in the save's own statement): the hourly maintenance job forgets those older than 24 h.
 */
export function createSaveReceipts({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repository = createFilesRepository({ db });
  return {
    async sweep(): Promise<void> {
      await repository.purgeSaveReceipts({ olderThan: new Date(now().getTime() - SAVE_RECEIPT_RETENTION_MS) });
    },
  };
}
export type SaveReceipts = ReturnType<typeof createSaveReceipts>;
