import { authorshipOf, countWords, DOC_LIMITS, DocumentValidationError, EDITOR_VERSION, fromText, toPlainText, validateDoc, type DocJSON } from '@bree/editor';
import type { Authorship, DocContent } from '@bree/contracts';
import { filesErrors } from './files.errors';

export interface PreparedContent {
  doc: DocJSON;
  /** The normalized document serialized once, as stored. */
  json: string;
  text: string;
  size: number;
  wordCount: number;
  /** Characters (whitespace left out) and how many carry the AI mark (docs/PROVENANCE.md). */
  authorship: Authorship;
  /** The editor schema version the document is stored under. */
  editorVersion: number;
}

const PROBLEM_CODES = { too_large: 'document_too_large', too_deep: 'document_too_deep', invalid_document: 'invalid_document' } as const;
type ProblemCode = (typeof PROBLEM_CODES)[keyof typeof PROBLEM_CODES];

/** What a worker thread sends back for a document: its stored form and counts, or why it is refused. */
export type ContentMeasure =
  | { ok: true; json: string; text: string; size: number; wordCount: number; authorship: Authorship; editorVersion: number }
  | { ok: false; code: ProblemCode; message: string };

function refusal(code: ProblemCode, message: string) {
  return code === 'document_too_large' ? filesErrors.documentTooLarge(DOC_LIMITS.maxBytes) : filesErrors.invalidContent(code, message);
}

function validated(content: DocContent | DocJSON): PreparedContent {
  const raw = typeof content === 'string' ? fromText(content) : content;
  // The body limit already bounds the input; the 5 MB cap is checked on the stored form below.
  const doc = validateDoc(raw, { byteLength: 0 }).toJSON() as DocJSON;
  const json = JSON.stringify(doc);
  const size = Buffer.byteLength(json);
  if (size > DOC_LIMITS.maxBytes) throw new DocumentValidationError('too_large', `The document is larger than ${DOC_LIMITS.maxBytes / 1024 / 1024} MB.`);
  const text = toPlainText(doc);
  return { doc, json, text, size, wordCount: countWords(text), authorship: authorshipOf(doc), editorVersion: EDITOR_VERSION };
}

/**
 * Turns what a client sent (a document tree or plain text) into a validated, normalized
 * document with its plain text and counts. Never trusts the browser's conversion.
 */
export function prepareContent(content: DocContent | DocJSON): PreparedContent {
  try {
    return validated(content);
  } catch (error) {
    if (error instanceof DocumentValidationError) throw refusal(PROBLEM_CODES[error.problem], error.message);
    throw error;
  }
}

/** prepareContent as plain data for a worker thread: a refusal is a value (an error's code would not survive the thread). */
export function measureContent(content: DocContent | DocJSON): ContentMeasure {
  try {
    const { doc: _doc, ...measured } = validated(content);
    return { ok: true, ...measured };
  } catch (error) {
    if (error instanceof DocumentValidationError) return { ok: false, code: PROBLEM_CODES[error.problem], message: error.message };
    throw error;
  }
}

/** The prepared content of a worker's measure; the tree is parsed from its JSON only when a caller reads it. */
export function preparedFromMeasure(measure: ContentMeasure): PreparedContent {
  if (!measure.ok) throw refusal(measure.code, measure.message);
  const { ok: _ok, ...measured } = measure;
  let doc: DocJSON | undefined;
  return {
    ...measured,
    get doc() {
      return (doc ??= JSON.parse(measured.json) as DocJSON);
    },
  };
}
