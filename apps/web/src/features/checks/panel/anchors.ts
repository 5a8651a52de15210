/**
 * Where findings sit in the document (docs/CHECKS.md "The Checks panel"). A finding names a text
 * block by its id and offsets in its plain text; in a text block every character is one position
 * (text, and '\n' for a line break), so the block's start plus the offset is the document position.
 */
import type { Node as PmNode } from '@tiptap/pm/model';
import { checkKindOf } from '@bree/contracts';
import type { CheckBlock, CheckFinding, CheckKind } from '@bree/contracts';

/** A finding placed in the document: positions that follow edits, and the words that must still be there. */
export interface Anchor {
  id: string;
  kind: CheckKind;
  from: number;
  to: number;
  quote: string;
  message: string;
}

/** A text block's plain text as the checks read it: a line break is '\n'. */
export function plainText(node: PmNode): string {
  return node.textBetween(0, node.content.size, '', '\n');
}

/** The words between two positions, read as plainText reads them. */
export function textAt({ doc, from, to }: { doc: PmNode; from: number; to: number }): string {
  if (from < 0 || to > doc.content.size || from >= to) return '';
  return doc.textBetween(from, to, '', '\n');
}

/** Blocks whose paragraphs the checks see as the block itself (rules skip lists, quotes, code and headings). */
const CONTAINERS = ['listItem', 'taskItem', 'blockquote'];

/** The type the checks see: a paragraph of a list item, checklist item or quote is that item. */
function blockType(doc: PmNode, pos: number, node: PmNode): string {
  const parent = doc.resolve(pos).parent;
  return CONTAINERS.includes(parent.type.name) ? parent.type.name : node.type.name;
}

/** The text blocks with an id, whole, that touch [from, to) (the whole document without a range), in order. */
export function checkBlocks({ doc, from = 0, to = doc.content.size }: { doc: PmNode; from?: number; to?: number }): CheckBlock[] {
  const blocks: CheckBlock[] = [];
  doc.nodesBetween(from, Math.max(from, to), (node, pos) => {
    if (!node.isTextblock) return true;
    const id = node.attrs.id as unknown;
    if (typeof id === 'string' && id) blocks.push({ id, type: blockType(doc, pos, node), text: plainText(node) });
    return false;
  });
  return blocks;
}

/** Where each text block's text starts, by block id, and its place in reading order. */
export function blockStarts(doc: PmNode): Map<string, { start: number; index: number }> {
  const starts = new Map<string, { start: number; index: number }>();
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const id = node.attrs.id as unknown;
    if (typeof id === 'string' && id && !starts.has(id)) starts.set(id, { start: pos + 1, index: starts.size });
    return false;
  });
  return starts;
}

/** The findings whose words are where they say, as anchors in this document (the others no longer apply). */
export function anchorFindings({ doc, findings }: { doc: PmNode; findings: readonly CheckFinding[] }): Anchor[] {
  const starts = blockStarts(doc);
  const anchors: Anchor[] = [];
  for (const f of findings) {
    const block = starts.get(f.blockId);
    if (!block || f.to <= f.from) continue;
    const from = block.start + f.from;
    const to = block.start + f.to;
    if (textAt({ doc, from, to }) !== f.quote) continue;
    anchors.push({ id: f.id, kind: checkKindOf(f.rule), from, to, quote: f.quote, message: f.message });
  }
  return anchors;
}
