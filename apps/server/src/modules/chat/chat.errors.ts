import { AppError } from '../../lib/errors';
import { documentNotFound } from '../files/files.port';

/** Errors of the chat domain, each with a stable code. */
export const chatErrors = {
  /** The files module's one file_not_found. */
  documentNotFound: () => documentNotFound(),
  emptyMessage: () => new AppError({ status: 400, code: 'invalid_input', message: 'Type a message first.' }),
  /** A reply that could not be written, as told in the SSE `error` event. */
  replyFailed: (reason: string) => new AppError({ status: 502, code: 'chat_failed', message: `Bree could not answer: ${reason}` }),
};
