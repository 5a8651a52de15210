import { Fragment, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';

/** One block of a chat reply: a paragraph, or a list the model wrote with '-' or '1.' lines. */
export type ReplyBlock = { kind: 'paragraph'; text: string } | { kind: 'bullets'; items: string[] } | { kind: 'numbers'; items: string[]; start: number };

const BULLET = /^[-*•]\s+(.+)$/;
const NUMBER = /^(\d{1,3})[.)]\s+(.+)$/;

/** Appends a list item to the list block at the end of `blocks`, or starts a new list. */
function addItem(blocks: ReplyBlock[], kind: 'bullets' | 'numbers', item: string, start: number): void {
  const last = blocks.at(-1);
  if (last?.kind === kind) last.items.push(item);
  else blocks.push(kind === 'bullets' ? { kind, items: [item] } : { kind, items: [item], start });
}

/**
 * A reply's text as blocks (docs/CHAT.md "In the editor"): paragraphs at blank lines (single line
 * breaks become spaces, as in every AI result), and runs of '- item' or '1. item' lines as a list
 * even with blank lines between the items; an indented line continues the item before it.
 */
export function replyBlocks(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    // A list stays one list across blank lines; a paragraph ends at one.
    let paragraph: { kind: 'paragraph'; text: string } | null = null;
    let inList = false;
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const bullet = BULLET.exec(line);
      const number = NUMBER.exec(line);
      const last = blocks.at(-1);
      if (bullet) addItem(blocks, 'bullets', bullet[1]!.trim(), 1);
      else if (number) addItem(blocks, 'numbers', number[2]!.trim(), Number(number[1]));
      else if (inList && /^\s/.test(raw) && last && last.kind !== 'paragraph') last.items[last.items.length - 1] += ` ${line}`;
      else if (paragraph) paragraph.text += ` ${line}`;
      else blocks.push((paragraph = { kind: 'paragraph', text: line }));
      if (bullet || number) paragraph = null;
      inList = Boolean(bullet || number) || (inList && /^\s/.test(raw));
    }
  }
  return blocks;
}

/** The document nodes of a reply's blocks. */
export function replyNodes(schema: Schema, blocks: readonly ReplyBlock[]): PmNode[] {
  const para = (text: string) => schema.nodes.paragraph!.create(null, schema.text(text));
  return blocks.map((block) => {
    if (block.kind === 'paragraph') return para(block.text);
    const items = block.items.map((item) => schema.nodes.listItem!.create(null, para(item)));
    if (block.kind === 'bullets') return schema.nodes.bulletList!.create(null, items);
    return schema.nodes.orderedList!.create(block.start === 1 ? null : { start: block.start }, items);
  });
}

/** Where a reply goes, from the editor's selection when the button was pressed. */
export interface ReplyTarget {
  from: number;
  to: number;
  /** The writer put the caret in the text since the document opened; without it the reply goes at the end. */
  caretPlaced: boolean;
}

/**
 * Puts a reply into `tr` (docs/CHAT.md "In the editor") and answers the position at its end:
 * - text selected: the reply takes its place; one paragraph inside one block goes in as words
 *   (keeping the marks around them), anything else as blocks where the selection was;
 * - a caret: as blocks after the caret's top-level block (a heading, a whole list), or in place
 *   of the empty paragraph the caret is in;
 * - no caret placed yet: as blocks after the last block (or in place of an empty last paragraph).
 * Answers null (nothing changed) for a reply without text.
 */
export function placeReply({ tr, target, blocks }: { tr: Transaction; target: ReplyTarget; blocks: readonly ReplyBlock[] }): number | null {
  if (blocks.length === 0) return null;
  const { from, to } = target;
  if (from < to) {
    const $from = tr.doc.resolve(from);
    const only = blocks.length === 1 && blocks[0]!.kind === 'paragraph' ? blocks[0]!.text : null;
    if (only !== null && $from.parent.isTextblock && $from.sameParent(tr.doc.resolve(to))) {
      tr.insertText(only, from, to);
      return tr.mapping.map(to, 1);
    }
    tr.deleteRange(from, to);
    return putBlocks({ tr, pos: tr.mapping.map(from, -1), nodes: replyNodes(tr.doc.type.schema, blocks), split: true });
  }
  const pos = target.caretPlaced ? from : tr.doc.content.size;
  return putBlocks({ tr, pos, nodes: replyNodes(tr.doc.type.schema, blocks), split: false });
}

/** A top-level paragraph with no text: the reply takes its place instead of leaving an empty line. */
function isEmptyParagraph(node: PmNode): boolean {
  return node.type.name === 'paragraph' && node.content.size === 0;
}

/** Removes the spaces on both sides of `pos` in its textblock, so no paragraph starts or ends with one; answers where `pos` is now. */
function trimSpacesAround(tr: Transaction, pos: number): number {
  const $pos = tr.doc.resolve(pos);
  if (!$pos.parent.isTextblock) return pos;
  // Leaf nodes (a line break) count as one character, so offsets stay positions.
  const before = $pos.parent.textBetween(0, $pos.parentOffset, undefined, '\n');
  const after = $pos.parent.textBetween($pos.parentOffset, $pos.parent.content.size, undefined, '\n');
  const trail = before.length - before.trimEnd().length;
  const lead = after.length - after.trimStart().length;
  if (trail + lead > 0) tr.delete(pos - trail, pos + lead);
  return pos - trail;
}

/**
 * Inserts top-level `nodes` at the top-level block around `pos`: in place of it when it is an
 * empty paragraph; after it, or with `split` at `pos` itself (before it at its start, after it at
 * its end, else the block is split in two around the reply). Answers the end of the inserted text.
 */
function putBlocks({ tr, pos, nodes, split }: { tr: Transaction; pos: number; nodes: PmNode[]; split: boolean }): number {
  if (split) pos = trimSpacesAround(tr, pos);
  const { doc } = tr;
  const $pos = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
  // Between top-level blocks (the document's end): the block just before is the one to follow.
  const index = $pos.depth === 0 ? Math.max(0, $pos.index(0) - 1) : $pos.index(0);
  const block = doc.maybeChild(index);
  const content = Fragment.from(nodes);
  let at: number;
  if (!block) {
    at = doc.content.size;
    tr.insert(at, content);
  } else {
    let start = 0;
    for (let i = 0; i < index; i++) start += doc.child(i).nodeSize;
    const end = start + block.nodeSize;
    if (isEmptyParagraph(block)) {
      at = start;
      tr.replaceWith(start, end, content);
    } else if (!split || $pos.depth === 0 || !doc.textBetween($pos.pos, end)) {
      at = end;
      tr.insert(at, content);
    } else if (!doc.textBetween(start, $pos.pos)) {
      at = start;
      tr.insert(at, content);
    } else {
      tr.split($pos.pos, $pos.depth);
      at = $pos.pos + $pos.depth;
      tr.insert(at, content);
    }
  }
  return at + content.size;
}
