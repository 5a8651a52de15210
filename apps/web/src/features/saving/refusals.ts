import { ERROR_CODES } from '@bree/contracts';
import { DOC_LIMITS } from '@bree/editor';

/** The most a document may hold, as writers read it ('5 MB'). */
export const MAX_DOCUMENT_SIZE_LABEL = `${DOC_LIMITS.maxBytes / 1024 / 1024} MB`;

/** What a writer reads when a save is refused because the document is over the size limit. */
export const DOCUMENT_TOO_LARGE_MESSAGE = `This document is too large to save: a document can hold up to ${MAX_DOCUMENT_SIZE_LABEL}. Remove some text or move part of it into a new document.`;

/** What an invited Editor reads when the owner lowered their role while they were writing (docs/SHARING.md "People"). */
export const ROLE_REFUSED_MESSAGE =
  'The owner no longer lets you edit this document: your last words are not saved there, but kept on this device until you may edit again.';

/**
 * The message for a refused save that the writer can act on, or null for the others: a document
 * over the size limit (refused as a document, or as a request body beyond the server's limit), or a
 * role that no longer allows editing.
 */
export function refusedSaveMessage(code: string): string | null {
  if (code === ERROR_CODES.roleRefused) return ROLE_REFUSED_MESSAGE;
  return code === ERROR_CODES.documentTooLarge || code === ERROR_CODES.payloadTooLarge ? DOCUMENT_TOO_LARGE_MESSAGE : null;
}
