import { splitParagraphs, type BackgroundResponse, type OperationType } from '@bree/contracts';
import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';

export { OPERATION_TYPE_OF, splitParagraphs } from '@bree/contracts';

/**
 * Where a suggestion lands: [from, to) is replaced by blocks; from === to inserts blocks there;
 * inline inserts the text at from (Fill Sentence).
 */
export interface SuggestionTarget {
  from: number;
  to: number;
  inline: boolean;
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
  if (found) found.empty = found.text.trim() === '';
  return found;
}

/** Where an operation's result goes, given the blocks it was asked about. */
export function targetFor(operationType: OperationType, span: BlockSpan, cursor?: number): SuggestionTarget {
  switch (operationType) {
    case 'rewrite':
      return { from: span.from, to: span.to, inline: false };
    case 'fillParagraph':
      // An empty paragraph is the hole to fill; otherwise the new one follows it.
      return span.empty ? { from: span.from, to: span.to, inline: false } : { from: span.to, to: span.to, inline: false };
    case 'insertContent':
      return { from: span.to, to: span.to, inline: false };
    case 'fillSentence': {
      // Inside the block's text: the cursor when known, else the block's end.
      const pos = cursor ?? span.to - 1;
      return { from: pos, to: pos, inline: true };
    }
  }
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
 * What an operation asks about. A rewrite sends the selected blocks with the text around them;
 * an insertion sends no selection, and splits the document where its text will land, so the
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
