import { countWords, DocumentValidationError, fromText, toPlainText, validateDoc, type DocJSON } from '@bree/editor';
import type { DocContent } from '@bree/contracts';
import { filesErrors } from './files.errors';

export interface PreparedContent {
  doc: DocJSON;
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
  const size = Buffer.byteLength(typeof content === 'string' ? content : JSON.stringify(raw));
  try {
    const doc = validateDoc(raw, { byteLength: size }).toJSON() as DocJSON;
    const text = toPlainText(doc);
    return { doc, text, size, wordCount: countWords(text) };
  } catch (error) {
    if (error instanceof DocumentValidationError) throw filesErrors.invalidContent(PROBLEM_CODES[error.problem], error.message);
    throw error;
  }
}
