import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of the feedback domain, each with a stable code; messages are the dialog's own (docs/PRODUCT.md#feedback). */
export const feedbackErrors = {
  notFound: () => new AppError({ status: 404, code: 'feedback_not_found', message: FEEDBACK_MESSAGES.updateNotFound }),
  attachmentNotFound: () => new AppError({ status: 404, code: 'attachment_not_found', message: 'This feedback has no such attachment.' }),
  messageRequired: () => new AppError({ status: 400, code: 'validation_failed', message: FEEDBACK_MESSAGES.messageRequired, details: { fields: ['message'] } }),
  messageTooLong: () =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      message: `Your feedback message is longer than ${FEEDBACK_LIMITS.messageMaxChars} characters.`,
      details: { fields: ['message'] },
    }),
  invalidField: (field: string) =>
    new AppError({ status: 400, code: 'validation_failed', message: `Invalid request: check ${field}.`, details: { fields: [field] } }),
  tooManyFiles: () => new AppError({ status: 413, code: 'too_many_files', message: FEEDBACK_MESSAGES.tooManyFiles }),
  fileTooLarge: (name: string, bytes: number) =>
    new AppError({ status: 413, code: 'payload_too_large', message: FEEDBACK_MESSAGES.fileTooLarge(name, bytes), details: { filename: name } }),
  screenshotTooLarge: (bytes: number) => new AppError({ status: 413, code: 'payload_too_large', message: FEEDBACK_MESSAGES.screenshotTooLarge(bytes) }),
  totalTooLarge: () =>
    new AppError({
      status: 413,
      code: 'payload_too_large',
      message: `${FEEDBACK_MESSAGES.failureTooLarge} All files together may be at most ${FEEDBACK_LIMITS.totalBudgetKb} KB.`,
    }),
  unsupportedType: (name: string, type: string) =>
    new AppError({ status: 415, code: 'unsupported_media_type', message: FEEDBACK_MESSAGES.fileTypeUnsupported(type), details: { filename: name, type } }),
  notMultipart: () =>
    new AppError({ status: 415, code: 'unsupported_media_type', message: 'Feedback is sent as multipart/form-data (a message and its files).' }),
  unreadable: () => new AppError({ status: 400, code: 'invalid_request', message: 'The upload could not be read. Please try again.' }),
};
