import { feedbackBrowserInfoSchema, type FeedbackItem } from '@bree/contracts';
import type { FeedbackRecord } from './feedback.repository';

/** A feedback item as admins read it: whitelisted fields, storage keys never leave the server. */
export function presentFeedback(row: FeedbackRecord): FeedbackItem {
  const browserInfo = feedbackBrowserInfoSchema.safeParse(row.browserInfo);
  return {
    id: row.id,
    status: row.status,
    preserve: row.preserve,
    message: row.message,
    userEmail: row.userEmail,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    fileCount: row.attachments.length,
    uploadedFiles: row.attachments.map((a) => ({ id: a.id, kind: a.kind, filename: a.filename, contentType: a.contentType, size: a.size })),
    pageContext: row.pageContext,
    browserInfo: browserInfo.success ? browserInfo.data : {},
  };
}
