import { z } from 'zod/mini';

/** Feedback limits and timings (docs/PRODUCT.md#feedback). */
export const FEEDBACK_LIMITS = {
  messageMaxChars: 4000,
  maxFiles: 3,
  maxFileBytes: 10 * 1024 * 1024,
  maxScreenshotBytes: 2 * 1024 * 1024,
  /** The total shown in the dialog is measured against this many KB… */
  totalBudgetKb: 25600,
  /** …and turns red above this many bytes. */
  totalWarnBytes: 20 * 1024 * 1024,
  successCloseMs: 2000,
  errorClearMs: 10_000,
  maxAttempts: 3,
  screenshot: { desktop: { width: 1920, height: 1080, quality: 0.8 }, mobile: { width: 1280, height: 720, quality: 0.6 } },
  expiryDays: 14,
  urgentDays: 2,
  /** Above this many selected items a bulk delete asks for DELETE to be typed. */
  typedDeleteThreshold: 50,
  /** How long an admin error message stays. */
  adminErrorMs: 5000,
} as const;

/** The total an upload may reach: every attachment and the screenshot together. */
export const FEEDBACK_TOTAL_BYTES = FEEDBACK_LIMITS.totalBudgetKb * 1024;

/** Content types a feedback attachment may have (docs/PRODUCT.md#feedback), judged on the server by the file's bytes. */
export const FEEDBACK_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** Sizes in messages: megabytes with two decimals. */
export function feedbackMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** Every feedback message a writer or an admin reads (docs/PRODUCT.md#feedback, #admin), word for word. */
export const FEEDBACK_MESSAGES = {
  title: 'Submit Feedback',
  messageRequired: 'Please enter your feedback message',
  attachmentRequired: 'Please capture a screenshot or upload a file',
  tooManyFiles: 'Maximum 3 files allowed',
  fileTooLarge: (name: string, bytes: number) => `File "${name}" is too large (${feedbackMb(bytes)} MB). Maximum: 10 MB`,
  fileTypeUnsupported: (type: string) => `File type "${type}" is not supported`,
  screenshotTooLarge: (bytes: number) => `Screenshot too large (${feedbackMb(bytes)} MB). Maximum: 2 MB`,
  clipboardTooLarge: (bytes: number) => `Clipboard image too large: ${feedbackMb(bytes)} MB. Maximum size is 2 MB.`,
  clipboardEmpty: 'No image found in clipboard. Please copy a screenshot first.',
  clipboardUnsupported: 'Pasting images is not supported in this browser.',
  clipboardDenied: 'Permission to read the clipboard was denied.',
  captureFailed: 'Could not capture a screenshot of this page.',
  successTitle: 'Feedback Submitted!',
  successBody: "Thank you for your feedback. We'll review it shortly.",
  failurePrefix: 'Failed to submit feedback.',
  failureNetwork: 'Please check your internet connection and try again.',
  failureRateLimited: 'Rate limit exceeded. Please wait a moment before submitting again.',
  failureTooLarge: 'Files are too large. Please reduce file sizes or remove some files.',
  failureServer: 'Server error occurred. Please try again in a few minutes.',
  failureOther: 'Please check your input and try again.',
  attempt: (n: number) => `Attempt ${n} of 3`,
  // Feedback Management (docs/PRODUCT.md#admin).
  empty: 'No feedback found matching your filters.',
  loading: 'Loading feedback...',
  updating: 'Updating...',
  deleting: 'Deleting…',
  confirmDelete: (n: number) => `Delete ${n} selected feedback item(s)? This cannot be undone.`,
  typeDelete: (n: number) => `Type DELETE to confirm deleting ${n} items`,
  loadFailed: 'Failed to load feedback. ',
  loadForbidden: 'You do not have permission to view feedback.',
  loadUnauthorized: 'Please log in to view feedback.',
  loadOffline: 'Please check your internet connection.',
  statusFailed: 'Failed to update status. ',
  preserveFailed: 'Failed to update preservation. ',
  updateForbidden: 'You do not have permission to update this feedback.',
  updateNotFound: 'Feedback item not found.',
  tryAgain: 'Please try again.',
  bulkDeleteFailed: 'Failed to delete selected feedback. Please try again.',
} as const;

export const feedbackStatusSchema = z.enum(['new', 'read', 'responded']);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

/** browserInfo as the dialog sends it (docs/PRODUCT.md#feedback); stored as given, bounded in size. */
export const feedbackBrowserInfoSchema = z.object({
  userAgent: z.optional(z.string().check(z.maxLength(1000))),
  language: z.optional(z.string().check(z.maxLength(100))),
  platform: z.optional(z.string().check(z.maxLength(200))),
  cookieEnabled: z.optional(z.boolean()),
  viewport: z.optional(z.partial(z.object({ width: z.number(), height: z.number(), devicePixelRatio: z.number() }))),
  timestamp: z.optional(z.string().check(z.maxLength(100))),
  url: z.optional(z.string().check(z.maxLength(4000))),
  referrer: z.optional(z.string().check(z.maxLength(4000))),
  screenResolution: z.optional(z.string().check(z.maxLength(100))),
}); // z.object drops unknown keys (classic's .strip() was the default)
export type FeedbackBrowserInfo = z.infer<typeof feedbackBrowserInfoSchema>;

/** POST /api/feedback answers. */
export const feedbackSubmitAnswerSchema = z.object({ success: z.literal(true), id: z.string() });
export type FeedbackSubmitAnswer = z.infer<typeof feedbackSubmitAnswerSchema>;

export const feedbackAttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(['screenshot', 'file']),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type FeedbackAttachment = z.infer<typeof feedbackAttachmentSchema>;

/** A feedback item as admins read it (docs/PRODUCT.md#admin). */
export const feedbackItemSchema = z.object({
  id: z.string(),
  status: feedbackStatusSchema,
  preserve: z.boolean(),
  message: z.string(),
  userEmail: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  createdAt: z.string(),
  fileCount: z.number(),
  uploadedFiles: z.array(feedbackAttachmentSchema),
  pageContext: z.string(),
  browserInfo: feedbackBrowserInfoSchema,
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/admin/feedback?status&preserve&dateRange&search (docs/PRODUCT.md#admin). */
export const feedbackListQuerySchema = z.object({
  status: z.optional(feedbackStatusSchema),
  preserve: z.optional(z.enum(['true', 'false'])),
  /** Days back from now; the interface never sets it (docs/PRODUCT.md#admin). */
  dateRange: z.optional(z.enum(['1d', '7d', '14d', '30d'])),
  search: z.optional(z.string().check(z.maxLength(500))),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;
export const feedbackListAnswerSchema = z.object({ items: z.array(feedbackItemSchema) });
export type FeedbackListAnswer = z.infer<typeof feedbackListAnswerSchema>;

const feedbackIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const feedbackIdParamsSchema = z.object({ feedbackId: feedbackIdSchema });
export const feedbackAttachmentParamsSchema = z.object({ feedbackId: feedbackIdSchema, attachmentId: feedbackIdSchema });
export const feedbackAttachmentQuerySchema = z.object({ download: z.optional(z.enum(['1'])) });

/** PUT /api/admin/feedback/{id}: {status} or {preserve} (docs/PRODUCT.md#admin). */
export const feedbackUpdateBodySchema = z.union([z.strictObject({ status: feedbackStatusSchema }), z.strictObject({ preserve: z.boolean() })]);
export type FeedbackUpdateBody = z.infer<typeof feedbackUpdateBodySchema>;
export const feedbackUpdateAnswerSchema = z.object({ success: z.literal(true), item: feedbackItemSchema });

/** POST /api/admin/feedback/bulk-delete. */
export const feedbackBulkDeleteBodySchema = z.object({ feedbackIds: z.array(feedbackIdSchema).check(z.minLength(1), z.maxLength(1000)) });
export const feedbackBulkDeleteAnswerSchema = z.object({ success: z.literal(true), deleted: z.number() });
