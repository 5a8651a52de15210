import {
  FEEDBACK_LIMITS,
  hasUnstorableText,
  type FeedbackBrowserInfo,
  type FeedbackItem,
  type FeedbackListQuery,
  type FeedbackUpdateBody,
} from '@bree/contracts';
import { commonErrors } from '../../lib/errors';
import type { BlobStorage } from '../../lib/storage/storage';
import { feedbackErrors } from './feedback.errors';
import { presentFeedback } from './feedback.presenter';
import type { FeedbackRepository } from './feedback.repository';
import { sniffAttachmentType, sniffScreenshotType } from './feedback.sniff';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One uploaded part as the route read it. */
export interface FeedbackUpload {
  filename: string;
  /** What the browser said; only used to tell old Word from old Excel files apart. */
  declaredType: string;
  data: Buffer;
}

export interface FeedbackSubmission {
  tenantId: string;
  userEmail: string | undefined;
  userName: string | undefined;
  message: string;
  browserInfo: FeedbackBrowserInfo;
  pageContext: string;
  screenshot: FeedbackUpload | null;
  files: FeedbackUpload[];
}

/** A stored filename: the name without folders or control characters, bounded in length. */
function cleanFilename(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').trim();
  return (base || fallback).slice(0, 200);
}

/**
 * Feedback: writers submit it with a screenshot and files (kept in blob storage), admins list,
 * mark, preserve and delete it, and the maintenance job deletes what expired (docs/PRODUCT.md#admin).
 */
export function createFeedbackService({
  repository,
  storage,
  newId,
  now,
}: {
  repository: FeedbackRepository;
  storage: BlobStorage;
  newId: () => string;
  now: () => Date;
}) {
  async function removeBlobs(keys: string[]): Promise<void> {
    // A blob that cannot be removed now is an orphan, never a broken item: the rows are already gone.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }

  return {
    /** Checks what the dialog checks (docs/PRODUCT.md#feedback) again, judges each file by its bytes, stores the files and then the item. */
    async submit(input: FeedbackSubmission): Promise<{ id: string }> {
      const message = input.message.trim();
      if (!message) throw feedbackErrors.messageRequired();
      if (input.message.length > FEEDBACK_LIMITS.messageMaxChars) throw feedbackErrors.messageTooLong();
      if (hasUnstorableText(input.message)) throw commonErrors.invalidText('message');
      if (input.files.length > FEEDBACK_LIMITS.maxFiles) throw feedbackErrors.tooManyFiles();
      const id = newId();
      const createdAt = now();
      const attachments: { kind: 'screenshot' | 'file'; filename: string; contentType: string; data: Buffer }[] = [];
      if (input.screenshot) {
        if (input.screenshot.data.length > FEEDBACK_LIMITS.maxScreenshotBytes) throw feedbackErrors.screenshotTooLarge(input.screenshot.data.length);
        const type = await sniffScreenshotType(input.screenshot.data);
        if (!type.ok) throw feedbackErrors.unsupportedType('screenshot', type.type);
        attachments.push({
          kind: 'screenshot',
          filename: cleanFilename(input.screenshot.filename, 'screenshot'),
          contentType: type.type,
          data: input.screenshot.data,
        });
      }
      for (const file of input.files) {
        const filename = cleanFilename(file.filename, 'attachment');
        if (file.data.length > FEEDBACK_LIMITS.maxFileBytes) throw feedbackErrors.fileTooLarge(filename, file.data.length);
        const type = await sniffAttachmentType(file.data, file.declaredType);
        if (!type.ok) throw feedbackErrors.unsupportedType(filename, type.type);
        attachments.push({ kind: 'file', filename, contentType: type.type, data: file.data });
      }
      const rows = attachments.map((a) => {
        const attachmentId = newId();
        return { ...a, id: attachmentId, storageKey: `feedback/${id}/${attachmentId}` };
      });
      try {
        for (const row of rows) await storage.put(row.storageKey, row.data, row.contentType);
        await repository.insert(
          {
            id,
            tenantId: input.tenantId,
            userEmail: input.userEmail ?? null,
            userName: input.userName ?? null,
            message,
            browserInfo: input.browserInfo,
            pageContext: input.pageContext.trim() || 'Unknown Page',
            createdAt,
            updatedAt: createdAt,
          },
          rows.map((r) => ({
            id: r.id,
            feedbackId: id,
            tenantId: input.tenantId,
            kind: r.kind,
            filename: r.filename,
            contentType: r.contentType,
            size: r.data.length,
            storageKey: r.storageKey,
            createdAt,
          })),
        );
      } catch (error) {
        await removeBlobs(rows.map((r) => r.storageKey));
        throw error;
      }
      return { id };
    },

    /** Every tenant's feedback, newest first (docs/PRODUCT.md#admin GET /feedback). */
    async list(query: FeedbackListQuery): Promise<FeedbackItem[]> {
      const days = query.dateRange ? Number.parseInt(query.dateRange, 10) : undefined;
      const rows = await repository.list({
        status: query.status,
        preserve: query.preserve === undefined ? undefined : query.preserve === 'true',
        since: days ? new Date(now().getTime() - days * DAY_MS) : undefined,
        search: query.search?.trim() || undefined,
      });
      return rows.map(presentFeedback);
    },

    /** Sets the status or the preserve flag (docs/PRODUCT.md#admin). */
    async update(feedbackId: string, change: FeedbackUpdateBody): Promise<FeedbackItem> {
      if (!(await repository.update(feedbackId, { ...change, updatedAt: now() }))) throw feedbackErrors.notFound();
      const row = await repository.find(feedbackId);
      if (!row) throw feedbackErrors.notFound();
      return presentFeedback(row);
    },

    /** Deletes the items and their files; ids that name nothing are skipped. */
    async bulkDelete(feedbackIds: string[]): Promise<number> {
      const { deleted, storageKeys } = await repository.delete([...new Set(feedbackIds)]);
      await removeBlobs(storageKeys);
      return deleted;
    },

    /** An attachment's bytes for an admin. */
    async attachment(feedbackId: string, attachmentId: string): Promise<{ filename: string; contentType: string; data: Buffer }> {
      const row = await repository.attachment(feedbackId, attachmentId);
      if (!row) throw feedbackErrors.attachmentNotFound();
      const data = await storage.get(row.storageKey);
      if (!data) throw feedbackErrors.attachmentNotFound();
      return { filename: row.filename, contentType: row.contentType, data };
    },

    /** The maintenance job's part: unpreserved items 14 days old or more go, with their files. */
    async expire(): Promise<number> {
      const cutoff = new Date(now().getTime() - FEEDBACK_LIMITS.expiryDays * DAY_MS);
      const { deleted, storageKeys } = await repository.deleteExpired(cutoff);
      await removeBlobs(storageKeys);
      return deleted;
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
