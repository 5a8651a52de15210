import { countWords, DOC_LIMITS, DocumentValidationError, fromText, toPlainText, validateDoc, type DocJSON } from '@bree/editor';
import type { DocContent } from '@bree/contracts';
import { filesErrors } from './files.errors';

export interface PreparedContent {
  doc: DocJSON;
  /** The normalized document serialized once, as stored. */
  json: string;
  text: string;
  size: number;
  wordCount: number;
}

const PROBLEM_CODES = { too_large: 'document_too_large', too_deep: 'document_too_deep', invalid_document: 'invalid_document' } as const;

/**
 * Turns what a client sent (a document tree or plain text) into a validated, normalized
 * document with its plain text and counts. Never trusts the browser's conversion.
 */
export function prepareContent(content: DocContent | DocJSON): PreparedContent {
  const raw = typeof content === 'string' ? fromText(content) : content;
  try {
    // The body limit already bounds the input; the 5 MB cap is checked on the stored form below.
    const doc = validateDoc(raw, { byteLength: 0 }).toJSON() as DocJSON;
    const json = JSON.stringify(doc);
    const size = Buffer.byteLength(json);
    if (size > DOC_LIMITS.maxBytes) throw new DocumentValidationError('too_large', `The document is larger than ${DOC_LIMITS.maxBytes / 1024 / 1024} MB.`);
    const text = toPlainText(doc);
    return { doc, json, text, size, wordCount: countWords(text) };
  } catch (error) {
    if (error instanceof DocumentValidationError) throw filesErrors.invalidContent(PROBLEM_CODES[error.problem], error.message);
    throw error;
  }
}
