import { Slice } from '@tiptap/pm/model';
import type { Schema } from '@tiptap/pm/model';
import { fromText } from './document';

/**
 * Pasted plain text as a slice (docs/PRODUCT.md#editor): paragraphs split at blank lines,
 * single line breaks become hard breaks, the first paragraph is marked. The slice is open at
 * both ends so a one-line paste joins the paragraph it lands in.
 */
export function pastedTextSlice(schema: Schema, text: string): Slice {
  const doc = schema.nodeFromJSON(fromText(text, { markFirstParagraph: true }));
  return new Slice(doc.content, 1, 1);
}
