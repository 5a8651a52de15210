import { splitParagraphs, type AiSelectionPart, type BackgroundResponse, type OperationType } from '@bree/contracts';
import type { JSONContent } from '@tiptap/core';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { Mappable } from '@tiptap/pm/transform';

export { OPERATION_TYPE_OF, splitParagraphs } from '@bree/contracts';

/** A stretch of the document, [from, to). */
export interface TextRange {
  from: number;
  to: number;
}

/**
 * Where a suggestion lands. from/to is its whole extent.
 * - 'blocks': top-level blocks [from, to) are replaced by the paragraphs; from === to inserts them there.
 * - 'inline': the sentence goes in at from (Fill Sentence).
 * - 'text': a rewrite of a selection. Each range (a selected stretch of one text block) is replaced
 *   by its own paragraph when their counts match; otherwise the extent is replaced by the
 *   paragraphs, the first joining the text before it and the last the text after it. Everything
 *   outside the ranges stays as it is.
 */
export type SuggestionTarget =
  { kind: 'blocks'; from: number; to: number } | { kind: 'inline'; from: number; to: number } | { kind: 'text'; from: number; to: number; ranges: TextRange[] };

/** A target moved through edits made meanwhile (a range keeps to what is left of it). */
export function mapTarget(target: SuggestionTarget, mapping: Mappable): SuggestionTarget {
  const map = (r: TextRange): TextRange => {
    const from = mapping.map(r.from, 1);
    return { from, to: Math.max(from, mapping.map(r.to, -1)) };
  };
  const extent = map(target);
  return target.kind === 'text' ? { ...target, ...extent, ranges: target.ranges.map(map) } : { ...target, ...extent };
}

/** The top-level blocks an action works on, with their ids and text. */
export interface BlockSpan {
  from: number;
  to: number;
  nodeIds: string[];
  text: string;
  /** True when the span is one block without text (Fill Paragraph fills it in place). */
  empty: boolean;
}

const idOf = (node: PmNode): string | null => (typeof node.attrs.id === 'string' && node.attrs.id !== '' ? node.attrs.id : null);

/** Top-level blocks touched by the selection [from, to]; a collapsed selection gives its own block. */
export function blocksInRange(doc: PmNode, from: number, to: number): BlockSpan | null {
  return collect(doc, (start, end) => (from === to ? start < from && from < end : from < end - 1 && to > start + 1));
}

/** The top-level blocks carrying any of the ids, or null when none of them is left. */
export function blocksWithIds(doc: PmNode, ids: readonly string[]): BlockSpan | null {
  const wanted = new Set(ids);
  return collect(doc, (_s, _e, node) => {
    const id = idOf(node);
    return id !== null && wanted.has(id);
  });
}

function collect(doc: PmNode, include: (start: number, end: number, node: PmNode) => boolean): BlockSpan | null {
  let span: BlockSpan | null = null;
  doc.forEach((node, offset) => {
    const end = offset + node.nodeSize;
    if (!include(offset, end, node)) return;
    const id = idOf(node);
    if (!span) span = { from: offset, to: end, nodeIds: [], text: '', empty: true };
    span.to = end;
    if (id) span.nodeIds.push(id);
    span.text = span.text ? `${span.text}\n\n${node.textContent}` : node.textContent;
  });
  const found = span as BlockSpan | null;
  // A table, an image, code or a rule is never 'the line to fill' (Fill Paragraph would replace it): text goes after it.
  if (found) found.empty = found.text.trim() === '' && !holdsKeptBlock(doc, found);
  return found;
}

/**
 * Where an operation's result goes, given the blocks it was asked about. (A rewrite of a
 * selection goes to its selected stretches, `textTarget`; this is the whole-block rewrite of a
 * result stored without them.)
 */
export function targetFor(operationType: OperationType, span: BlockSpan, cursor?: number): SuggestionTarget {
  switch (operationType) {
    case 'rewrite':
      return { kind: 'blocks', from: span.from, to: span.to };
    case 'fillParagraph':
    case 'insertContent':
      // An empty paragraph is the line to fill; otherwise the new text follows the block.
      return span.empty ? { kind: 'blocks', from: span.from, to: span.to } : { kind: 'blocks', from: span.to, to: span.to };
    case 'fillSentence': {
      // Inside the block's text: the cursor when known, else the block's end.
      const pos = cursor ?? span.to - 1;
      return { kind: 'inline', from: pos, to: pos };
    }
  }
}

/** One selected stretch of a text block, with the rest of that block around it. */
export interface SelectedPart extends TextRange, AiSelectionPart {}

/** Text of a stretch inside one text block: one character per position (a hard break reads as a line break). */
function textIn(doc: PmNode, from: number, to: number): string {
  return doc.textBetween(from, to, '\n', '\n');
}

/**
 * How much of a text block's own text goes to the model on each side of a selection. (The server
 * stores `before`'s length as the part's offset; past this cap the offset is short, and a result
 * applied later finds its text by searching the block instead, `locateParts`.)
 */
const PART_CONTEXT = 4000;

/**
 * The selection [from, to) as stretches of text blocks (paragraphs, headings, list paragraphs),
 * in document order. Whitespace at either end of a stretch is left out, so it stays exactly as
 * it was; blocks the selection only reaches the edge of give nothing.
 */
export function selectedParts(doc: PmNode, from: number, to: number): SelectedPart[] {
  const parts: SelectedPart[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    // Code is never rewritten (docs/ASSISTANT.md): a selection across it rewrites the prose around it.
    if (node.type.spec.code) return false;
    if (!node.isTextblock) return true;
    const start = pos + 1;
    const end = start + node.content.size;
    let a = Math.max(from, start);
    let b = Math.min(to, end);
    if (a >= b) return false;
    const raw = textIn(doc, a, b);
    a += raw.length - raw.trimStart().length;
    b -= raw.length - raw.trimEnd().length;
    if (a >= b) return false;
    parts.push({
      from: a,
      to: b,
      nodeId: idOf(node) ?? '',
      before: textIn(doc, start, a).slice(-PART_CONTEXT),
      text: textIn(doc, a, b),
      after: textIn(doc, b, end).slice(0, PART_CONTEXT),
    });
    return false;
  });
  return parts;
}

/** The target of a rewrite of these ranges. */
export function textTarget(ranges: readonly TextRange[]): SuggestionTarget {
  return { kind: 'text', from: ranges[0]!.from, to: ranges[ranges.length - 1]!.to, ranges: ranges.map(({ from, to }) => ({ from, to })) };
}

/** What a rewrite of a selection asks: the selected stretches with their blocks' text around them, and the document around those blocks. */
export function rewriteInput(
  doc: PmNode,
  parts: readonly SelectedPart[],
): { selection: { text: string; nodeIds: string[]; parts: AiSelectionPart[] }; context: { before: string; after: string } } {
  const first = doc.resolve(parts[0]!.from);
  const last = doc.resolve(parts[parts.length - 1]!.to);
  const nodeIds = [...new Set(parts.map((p) => p.nodeId).filter(Boolean))];
  return {
    selection: {
      text: parts.map((p) => p.text).join('\n\n'),
      nodeIds,
      parts: parts.map(({ nodeId, before, text, after }) => ({ nodeId, before, text, after })),
    },
    context: contextAround(doc, { from: first.before(), to: last.after() }),
  };
}

/**
 * Finds the stretches a stored rewrite was about: each in the text block with its id, at its
 * offset if the text there is unchanged, else where that text now is. Null when any is gone.
 */
export function locateParts(doc: PmNode, parts: NonNullable<BackgroundResponse['originalContext']['parts']>): TextRange[] | null {
  const blocks = new Map<string, { start: number; text: string }>();
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    const id = idOf(node);
    if (id && !blocks.has(id)) blocks.set(id, { start: pos + 1, text: textIn(doc, pos + 1, pos + 1 + node.content.size) });
    return false;
  });
  const ranges: TextRange[] = [];
  for (const part of parts) {
    const block = blocks.get(part.nodeId);
    if (!block || !part.text) return null;
    const at = block.text.slice(part.offset, part.offset + part.text.length) === part.text ? part.offset : block.text.indexOf(part.text);
    if (at < 0) return null;
    const range = { from: block.start + at, to: block.start + at + part.text.length };
    // Out of order or overlapping: the text moved about too much to tell.
    if (ranges.length > 0 && range.from < ranges[ranges.length - 1]!.to) return null;
    ranges.push(range);
  }
  return ranges.length > 0 ? ranges : null;
}

/**
 * Applies a suggestion in `tr` (one transaction, so one Undo takes it back) and answers the
 * position right after the new text, where the caret goes.
 */
export function applySuggestion(tr: Transaction, target: SuggestionTarget, paragraphs: string[], blocks: JSONContent[]): number {
  const schema = tr.doc.type.schema;
  if (target.kind === 'inline') {
    const text = sentenceAt(tr.doc, target.from, paragraphs.join(' '));
    if (text) tr.insertText(text, target.from);
    return target.from + text.length;
  }
  if (target.kind === 'blocks') {
    tr.replaceWith(
      target.from,
      target.to,
      blocks.map((n) => schema.nodeFromJSON(n)),
    );
    return tr.mapping.map(target.to, 1);
  }
  const { ranges } = target;
  if (paragraphs.length === ranges.length) {
    // Each stretch gets its own text, the last first so the earlier positions stay valid. The text
    // takes the marks the replaced text had all through it (a bold word stays bold).
    for (let i = ranges.length - 1; i >= 0; i -= 1) tr.insertText(paragraphs[i]!, ranges[i]!.from, ranges[i]!.to);
  } else if (holdsKeptBlock(tr.doc, target)) {
    // A code block, a divider, an image or a table in or around the stretches stays: the stretches
    // take the paragraphs in order, the last one the rest, joined (docs/ASSISTANT.md).
    for (let i = ranges.length - 1; i >= 0; i -= 1) {
      const text = i === ranges.length - 1 ? paragraphs.slice(i).join(' ') : (paragraphs[i] ?? '');
      if (text) tr.insertText(text, ranges[i]!.from, ranges[i]!.to);
      else tr.delete(ranges[i]!.from, ranges[i]!.to);
    }
  } else if (paragraphs.length === 0) {
    tr.delete(target.from, target.to);
  } else {
    // Another count of paragraphs: they take the place of the whole extent, the first continuing
    // the text before it in its block and the last followed by the text after it in its block.
    const nodes = paragraphs.map((text, i) => schema.nodes.paragraph!.create(blocks[i]?.attrs ?? null, schema.text(text)));
    tr.replace(target.from, target.to, new Slice(Fragment.from(nodes), 1, 1));
  }
  return tr.mapping.map(target.to, 1);
}

/** Blocks a rewrite never replaces: only the text of their cells (a table's) is rewritten, in place. */
const KEPT_BLOCKS = new Set(['horizontalRule', 'image', 'table']);

/**
 * Whether a code block, a divider, an image or a table lies within (or around) a rewrite's extent:
 * it must come through untouched, its cells' paragraphs where they were.
 */
function holdsKeptBlock(doc: PmNode, target: TextRange): boolean {
  let found = false;
  doc.nodesBetween(target.from, target.to, (node) => {
    if (node.type.spec.code || KEPT_BLOCKS.has(node.type.name)) found = true;
    return !found;
  });
  return found;
}

/** Where the suggestion card's space goes: right after the text block (or blocks) the suggestion ends in. */
export function cardSlotPos(doc: PmNode, target: SuggestionTarget): number {
  if (target.kind === 'blocks') return target.to;
  const $to = doc.resolve(Math.min(target.to, doc.content.size));
  return $to.parent.isTextblock && $to.depth > 0 ? $to.after() : $to.pos;
}

/**
 * Fill Sentence's text as it goes in at `pos`: a space is added on each side where the
 * sentence would otherwise run into a word ('intro.' + 'Next.' reads 'intro. Next.').
 */
export function sentenceAt(doc: PmNode, pos: number, sentence: string): string {
  const text = sentence.trim();
  if (!text) return text;
  // Across a block boundary textBetween gives '': the paragraph's edge needs no space.
  const before = doc.textBetween(Math.max(0, pos - 1), pos);
  const after = doc.textBetween(pos, Math.min(doc.content.size, pos + 1));
  return `${before && !/\s/.test(before) ? ' ' : ''}${text}${after && !/[\s.,;:!?)]/.test(after) ? ' ' : ''}`;
}

/** The editor blocks of a finished response; generatedContent is the fallback when no nodes came. */
export function responseBlocks(response: BackgroundResponse['response']): JSONContent[] {
  const nodes = response.rewrittenNodesInfo.nodes;
  if (nodes.length > 0) {
    return nodes.map((n) => ({
      type: 'paragraph',
      attrs: { id: n.attrs.id },
      ...(n.content?.length ? { content: n.content.map((c) => ({ type: 'text', text: c.text })) } : {}),
    }));
  }
  return splitParagraphs(response.generatedContent).map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] }));
}

/** The text a suggestion shows, one string per paragraph. */
export function responseParagraphs(operationType: OperationType, response: BackgroundResponse['response']): string[] {
  if (operationType === 'fillSentence') {
    const sentence = response.sentenceNode?.text ?? response.generatedContent;
    return sentence.trim() ? [sentence] : [];
  }
  return responseBlocks(response).map((b) => (b.content ?? []).map((c) => c.text ?? '').join(''));
}

/**
 * What an operation asks about. A rewrite of a selection is `rewriteInput`; here a rewrite sends
 * whole blocks with the text around them. An insertion sends no selection, and splits the document where its text will land, so the
 * model continues exactly after <before> (the caret, for Fill Sentence).
 */
export function operationInput(
  doc: PmNode,
  operationType: OperationType,
  span: BlockSpan,
  target: SuggestionTarget,
): { selection: { text: string; nodeIds: string[] }; context: { before: string; after: string } } {
  const rewrite = operationType === 'rewrite';
  return { selection: { text: rewrite ? span.text : '', nodeIds: span.nodeIds }, context: contextAround(doc, rewrite ? span : target) };
}

/** Text around a span, as context for the model; capped so long documents stay cheap. */
export function contextAround(doc: PmNode, span: { from: number; to: number }, limit = 4000): { before: string; after: string } {
  const before = doc.textBetween(0, span.from, '\n\n');
  const after = doc.textBetween(span.to, doc.content.size, '\n\n');
  return { before: before.slice(-limit), after: after.slice(0, limit) };
}
