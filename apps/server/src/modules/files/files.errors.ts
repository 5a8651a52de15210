import { AppError } from '../../lib/errors';

/** Errors of the files domain, each with a stable code. */
export const filesErrors = {
  /** The one `file_not_found` (files.port.ts `documentNotFound` for other modules); `override.message` replaces the sentence. */
  notFound: (what: string, override?: { message: string }) =>
    new AppError({ status: 404, code: 'file_not_found', message: override?.message ?? `No document ${what}.` }),
  folderDelete: () => new AppError({ status: 400, code: 'folder_delete_unsupported', message: 'Deleting folders is not supported' }),
  /** A discard of a document that is not as 'Create new document' made it: it is kept (docs/TRASH.md). */
  notEmpty: () => new AppError({ status: 409, code: 'document_not_empty', message: 'This document has been written in or changed, so it is kept.' }),
  pathExists: (path: string) => new AppError({ status: 409, code: 'path_exists', message: `A document named "${path}" already exists.` }),
  /** details.field names the request field when the path is one a writer sent to name a document. */
  invalidPath: (reason: string, field?: string) =>
    new AppError({ status: 400, code: 'invalid_path', message: `Invalid file path: ${reason}`, ...(field ? { details: { field } } : {}) }),
  invalidCursor: () => new AppError({ status: 400, code: 'invalid_cursor', message: 'This list cursor is not one this server gave out. Reload the list.' }),
  revisionConflict: (details: { currentRevision: number; content: unknown; lastModified: string }) =>
    new AppError({
      status: 409,
      code: 'revision_conflict',
      message: 'This document changed since you opened it. Choose which version to keep.',
      details,
    }),
  /** The stored form of a document is over DOC_LIMITS.maxBytes (README 'Limits'): refused before anything is written. */
  documentTooLarge: (maxBytes: number) =>
    new AppError({ status: 400, code: 'document_too_large', message: `The document is larger than ${maxBytes / 1024 / 1024} MB.`, details: { maxBytes } }),
  invalidContent: (code: 'invalid_document' | 'document_too_large' | 'document_too_deep', message: string) => new AppError({ status: 400, code, message }),
};
