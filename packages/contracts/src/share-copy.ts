import { z } from 'zod/mini';

/** What 'Make a copy' on a shared page answers in the reader's own account (docs/SHARING.md "Make a copy"). */
export const SHARE_COPY_MESSAGES = {
  copied: (title: string) => `A copy of “${title}” is in your documents.`,
  gone: 'That shared document is no longer shared, so it could not be copied.',
  failed: 'The copy could not be made. Please try again.',
} as const;

/** POST /shares/{slug}/copy: the share's public name, as in its address. */
export const shareCopyParamsSchema = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(200)) });

/** The reader's new document. */
export const shareCopyAnswerSchema = z.object({ file: z.object({ id: z.string(), name: z.string() }) });
export type ShareCopyAnswer = z.infer<typeof shareCopyAnswerSchema>;
