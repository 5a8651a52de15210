import { AppError } from '../../lib/errors';

/** Errors of the chat domain, each with a stable code. */
export const chatErrors = {
  documentNotFound: () => new AppError({ status: 404, code: 'file_not_found', message: 'No document with this id.' }),
  emptyMessage: () => new AppError({ status: 400, code: 'invalid_input', message: 'Type a message first.' }),
  /** A reply that could not be written, as told in the SSE `error` event. */
  replyFailed: (reason: string) => new AppError({ status: 502, code: 'chat_failed', message: `Bree could not answer: ${reason}` }),
};
