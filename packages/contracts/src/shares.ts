import { z } from 'zod/mini';
import { authenticitySchema } from './files';
import { authorshipSchema } from './provenance';

/** The sharing messages the author and the reader see (docs/PRODUCT.md#sharing), word for word. */
export const SHARE_MESSAGES = {
  copied: 'Share URL copied to clipboard!',
  copyFailed: 'Failed to copy URL',
  enabled: 'Document sharing enabled',
  disabled: 'Document sharing disabled',
  enableFailed: 'Failed to enable sharing',
  disableFailed: 'Failed to disable sharing',
  updateFailed: 'Failed to update sharing settings',
  regenerated: 'Share URL regenerated',
  regenerateFailed: 'Failed to regenerate share URL',
  statusFailed: 'Failed to load share status',
  /** A reader's link names no share, or a share that was switched off or replaced. */
  notFound: 'Document not found or sharing disabled',
  loadFailed: 'Failed to load document. It may not exist or sharing may have been disabled.',
  invalidLink: 'Invalid share link',
  unavailableTitle: 'Document Not Available',
  unavailableBody: 'This document may not exist, or sharing may have been disabled by the author.',
} as const;

/** The meta description rule of a shared page (docs/PRODUCT.md#sharing). */
export const SHARE_DESCRIPTION = { minExclusive: 10, maxChars: 157, ellipsis: '...' } as const;

const fileIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
/** A share's public name in its URL: base64url, as made by the server (long enough that nobody guesses one). */
export const shareSlugSchema = z.string().check(z.minLength(1), z.maxLength(200));

export const shareFileBodySchema = z.object({ tenantId: z.optional(z.string()), fileId: fileIdSchema });
export const shareFileParamsSchema = z.object({ fileId: fileIdSchema });

/** POST /shares/create and /shares/regenerate-slug. */
export const shareLinkAnswerSchema = z.object({ success: z.literal(true), shareUrl: z.string(), shareSlug: z.string() });
export type ShareLinkAnswer = z.infer<typeof shareLinkAnswerSchema>;

/** GET /shares/status/{fileId} (docs/PRODUCT.md#sharing), with the views the shared page had since sharing was switched on. */
export const shareStatusAnswerSchema = z.object({
  isShared: z.boolean(),
  shareUrl: z.nullable(z.string()),
  shareSlug: z.nullable(z.string()),
  viewCount: z.number().check(z.int(), z.nonnegative()),
});
export type ShareStatus = z.infer<typeof shareStatusAnswerSchema>;

export const shareDisableAnswerSchema = z.object({ success: z.literal(true) });

/** GET /shares/{slug}: the shared document (docs/PRODUCT.md#sharing). */
export const sharedDocumentSchema = z.object({
  content: z.unknown(),
  metadata: z.object({
    title: z.string(),
    lastModified: z.string(),
    wordCount: z.number().check(z.int()),
    /** Present when the author tagged the document Human, AI-Assisted or AI. */
    authenticity: z.optional(authenticitySchema),
    /** Present when the author chose to show how much of the text the AI wrote (metadata.showAuthorship). */
    authorship: z.optional(authorshipSchema),
  }),
  shareInfo: z.object({ createdAt: z.string() }),
});
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;
export const sharedDocumentAnswerSchema = z.object({ success: z.literal(true), data: sharedDocumentSchema, message: z.string() });
export const shareSlugParamsSchema = z.object({ slugOrId: shareSlugSchema });
