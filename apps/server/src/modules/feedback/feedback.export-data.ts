import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { BlobStorage } from '../../lib/storage/storage';
import { feedback, feedbackAttachments, type FeedbackAttachmentRow, type FeedbackRow } from './feedback.table';

/** One feedback item its sender sent, with its attachments. */
export interface SentFeedback extends FeedbackRow {
  attachments: FeedbackAttachmentRow[];
}

/**
 * Feedback's part of 'Export all my data' (docs/ACCOUNT.md "Export all my data"): what this
 * tenant sent (never another's), and the bytes of its attachments from blob storage.
 */
export function createFeedbackExportData({ db, storage }: { db: Db; storage: Pick<BlobStorage, 'get'> }) {
  return {
    /** The tenant's feedback items, newest first, each with its attachments. */
    async sent({ tenantId }: { tenantId: string }): Promise<SentFeedback[]> {
      const rows = await db.select().from(feedback).where(eq(feedback.tenantId, tenantId)).orderBy(desc(feedback.createdAt), desc(feedback.id));
      if (rows.length === 0) return [];
      const attachments = await db
        .select()
        .from(feedbackAttachments)
        .where(
          and(
            eq(feedbackAttachments.tenantId, tenantId),
            inArray(
              feedbackAttachments.feedbackId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(feedbackAttachments.createdAt, feedbackAttachments.id);
      return rows.map((row) => ({ ...row, attachments: attachments.filter((a) => a.feedbackId === row.id) }));
    },
    /** An attachment's bytes, or null when its file is gone from storage (expired meanwhile). */
    async attachmentBytes({ attachment }: { attachment: FeedbackAttachmentRow }): Promise<Buffer | null> {
      return storage.get(attachment.storageKey);
    },
  };
}
export type FeedbackExportData = ReturnType<typeof createFeedbackExportData>;
