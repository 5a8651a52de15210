import { fromText, toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { ImportError } from './errors';

/** Plain text → document: paragraphs at blank lines, single line breaks become hard breaks. */
export function txtToDoc(text: string): DocJSON {
  const doc = fromText(text);
  if (!toPlainText(doc).trim()) throw new ImportError('empty');
  return doc;
}
