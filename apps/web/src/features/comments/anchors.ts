import type { Node as PmNode } from '@tiptap/pm/model';
import type { CommentAnchor } from '@bree/contracts';

/** A text position range in the document. */
export interface TextRange {
  from: number;
  to: number;
}

/**
 * A block's text with one character for each inline leaf (a line break, an image), so an index in
 * it is an offset from the block's start: offsets and text stay in step.
 */
export const blockText = (node: PmNode) => node.textBetween(0, node.content.size, '', '\ufffc');

/**
 * The anchor of a new thread on the selection `from`–`to`: the textblock where it starts, clipped
 * to that block (a selection over several paragraphs comments on the first). Null when that block
 * has no id yet or the selected text is only spaces.
 */
export function anchorOf(doc: PmNode, { from, to }: TextRange): CommentAnchor | null {
  if (to <= from) return null;
  const $from = doc.resolve(from);
  const block = $from.parent;
  const blockId = block.attrs.id as unknown;
  if (!block.isTextblock || typeof blockId !== 'string' || !blockId) return null;
  const startOfBlock = $from.start();
  const start = from - startOfBlock;
  const end = Math.min(to, startOfBlock + block.content.size) - startOfBlock;
  const quote = blockText(block).slice(start, end);
  return quote.trim() ? { blockId, start, end, quote } : null;
}

/** Where `quote` occurs in `text`, the occurrence nearest `near` first; -1 when nowhere. */
function nearest(text: string, quote: string, near: number): number {
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}

/**
 * Where a thread's text is now: in its block at its offsets; else the same words nearest them in
 * that block (text typed or deleted before it moved it); else the first block holding them (the
 * paragraph was split or moved). Null when the words are nowhere: the thread is on deleted text.
 */
export function resolveAnchor(doc: PmNode, anchor: CommentAnchor): TextRange | null {
  let found: TextRange | null = null;
  let fallback: TextRange | null = null;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (!node.isTextblock) return true;
    const text = blockText(node);
    if (node.attrs.id === anchor.blockId) {
      const at = text.slice(anchor.start, anchor.end) === anchor.quote ? anchor.start : nearest(text, anchor.quote, anchor.start);
      if (at !== -1) found = { from: pos + 1 + at, to: pos + 1 + at + anchor.quote.length };
    } else if (!fallback) {
      const at = text.indexOf(anchor.quote);
      if (at !== -1) fallback = { from: pos + 1 + at, to: pos + 1 + at + anchor.quote.length };
    }
    return false;
  });
  return found ?? fallback;
}

/** Whether two anchors name the same place (a writer's editor tells the server only of moves). */
export const sameAnchor = (a: CommentAnchor, b: CommentAnchor) => a.blockId === b.blockId && a.start === b.start && a.end === b.end && a.quote === b.quote;

/**
 * Whether a thread's words are back exactly where they were (its block, its offsets): an undo of
 * their deletion. Stricter than `resolveAnchor`: the same words typed elsewhere bring no thread back.
 */
export function anchorBack(doc: PmNode, anchor: CommentAnchor): boolean {
  let back = false;
  doc.descendants((node) => {
    if (back) return false;
    if (!node.isTextblock) return true;
    if (node.attrs.id === anchor.blockId) back = blockText(node).slice(anchor.start, anchor.end) === anchor.quote;
    return false;
  });
  return back;
}
