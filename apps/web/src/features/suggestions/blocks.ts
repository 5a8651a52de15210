import type { Node as PmNode } from '@tiptap/pm/model';
import type { Suggestion } from '@bree/contracts';
import type { WordChange } from '@bree/editor';
import { buildChanges, type ReviewChange } from '../assistant/review/changes';

/** A textblock with an id: where its text starts and ends in the document, and the text. */
export interface TextBlock {
  id: string;
  from: number;
  to: number;
  text: string;
}

/** The text of a block as suggestions hold it (one character per inline leaf, as the review's diff places it). */
const textOf = (node: PmNode) => node.textBetween(0, node.content.size, '\n', '\n');

/** Every textblock of the document that has an id, in order. */
export function textBlocks(doc: PmNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const id = node.attrs.id as unknown;
    if (typeof id === 'string' && id) blocks.push({ id, from: pos + 1, to: pos + 1 + node.content.size, text: textOf(node) });
    return false;
  });
  return blocks;
}

/**
 * The block a suggestion was made on: by its id, else (a document whose ids were given in the
 * suggester's window and never saved) the block whose text is the suggestion's starting text.
 */
export function blockOf(blocks: readonly TextBlock[], s: Pick<Suggestion, 'blockId' | 'baseText'>): TextBlock | null {
  return blocks.find((b) => b.id === s.blockId) ?? blocks.find((b) => b.text === s.baseText) ?? null;
}

/**
 * The changes of a suggestion placed in the document; null when its block's text is no longer the
 * text it was made on (the block was edited since: it can then only be dismissed).
 */
export function changesOf(doc: PmNode, block: TextBlock | null, s: Suggestion, diff: (a: string, b: string) => WordChange[]): ReviewChange[] | null {
  if (!block || block.text !== s.baseText) return null;
  return buildChanges({ doc, ranges: [{ from: block.from, to: block.to }], paragraphs: [s.proposedText], diff });
}
