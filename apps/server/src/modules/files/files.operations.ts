import type { Db } from '../../db/db';
import { createFilesRepository } from './files.repository';

/** How long a content save's answer is kept for replays of its operationId. */
export const SAVE_ANSWER_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The save receipts, remembered answers of content saves (`file_operations`, written by files.save.ts in the
 * save's own statement): the hourly maintenance job forgets those older than 24 h.
 */
export function createSaveAnswers({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repository = createFilesRepository({ db });
  return {
    async sweep(): Promise<void> {
      await repository.purgeSaveReceipts({ olderThan: new Date(now().getTime() - SAVE_ANSWER_RETENTION_MS) });
    },
  };
}
export type SaveAnswers = ReturnType<typeof createSaveAnswers>;
