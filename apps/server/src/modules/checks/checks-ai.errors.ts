import { AppError } from '../../lib/errors';
import { documentNotFound } from '../files/files.port';

/** Errors of the AI checks (docs/CHECKS.md "AI checks"), each with a stable code. */
export const checksAiErrors = {
  /** The files module's one file_not_found: another tenant's document is not there. */
  documentNotFound: () => documentNotFound(),
  /** Nothing to read: every block is empty or whitespace. */
  emptyText: () =>
    new AppError({ status: 400, code: 'validation_failed', message: 'There is no text to check. Write something first.', details: { fields: ['blocks'] } }),
  /** The same block sent twice: its findings could not say which one they are about. */
  duplicateBlock: () =>
    new AppError({ status: 400, code: 'validation_failed', message: 'Each block is sent once: a block id is repeated.', details: { fields: ['blocks'] } }),
  textTooLong: (maxChars: number) =>
    new AppError({
      status: 400,
      code: 'checks_text_too_long',
      message: `The AI checks read at most ${maxChars.toLocaleString('en-US')} characters at a time. Select a part of the document and check that.`,
      details: { maxChars },
    }),
  /** The model call failed, or its answer could not be read (the call is metered as it ran). */
  failed: (reason: string) => new AppError({ status: 502, code: 'checks_failed', message: `The AI checks could not finish: ${reason}` }),
};
