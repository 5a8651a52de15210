import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions } from '@bree/editor';
import type { BackgroundResponse } from '@bree/contracts';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { undo, history, closeHistory } from '@tiptap/pm/history';
import {
  applySuggestion,
  blocksInRange,
  blocksWithIds,
  cardSlotPos,
  locateParts,
  mapTarget,
  operationInput,
  responseBlocks,
  responseParagraphs,
  rewriteInput,
  selectedParts,
  sentenceAt,
  splitParagraphs,
  targetFor,
  textTarget,
} from './nodes';

const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, ...(text ? { content: [{ type: 'text', text }] } : {}) });
const doc = schema.nodeFromJSON({ type: 'doc', content: [p('a', 'One'), p('b', 'Two'), p('c', '')] });
// Positions: a = [0,5), b = [5,10), c = [10,12).

const response = (over: Partial<BackgroundResponse['response']>): BackgroundResponse['response'] => ({
  rewrittenNodesInfo: { nodes: [] },
  generatedContent: '',
  sentenceNode: null,
  ...over,
});

describe('blocksInRange', () => {
  it('takes every top-level block the selection touches', () => {
    expect(blocksInRange(doc, 2, 7)).toEqual({ from: 0, to: 10, nodeIds: ['a', 'b'], text: 'One\n\nTwo', empty: false });
  });
  it('takes the cursor block for a collapsed selection', () => {
    expect(blocksInRange(doc, 11, 11)).toMatchObject({ from: 10, to: 12, nodeIds: ['c'], empty: true });
  });
  it('ignores a block the selection only reaches the edge of', () => {
    expect(blocksInRange(doc, 1, 4)?.nodeIds).toEqual(['a']);
  });
});

describe('blocksWithIds', () => {
  it('finds blocks by id and gives null when they are gone', () => {
    expect(blocksWithIds(doc, ['b'])).toMatchObject({ from: 5, to: 10, text: 'Two' });
    expect(blocksWithIds(doc, ['zz'])).toBeNull();
  });
});

describe('targetFor', () => {
  const span = { from: 5, to: 10, nodeIds: ['b'], text: 'Two', empty: false };
  it('replaces a rewrite, inserts after for content, fills an empty paragraph in place', () => {
    expect(targetFor('rewrite', span)).toEqual({ kind: 'blocks', from: 5, to: 10 });
    expect(targetFor('insertContent', span)).toEqual({ kind: 'blocks', from: 10, to: 10 });
    expect(targetFor('fillParagraph', { ...span, empty: true })).toEqual({ kind: 'blocks', from: 5, to: 10 });
    expect(targetFor('fillSentence', span, 8)).toEqual({ kind: 'inline', from: 8, to: 8 });
  });
  it('fills an empty line in place with Add Content too', () => {
    expect(targetFor('insertContent', { ...span, empty: true })).toEqual({ kind: 'blocks', from: 5, to: 10 });
  });
});

describe('operationInput', () => {
  const span = { from: 5, to: 10, nodeIds: ['b'], text: 'Two', empty: false };
  it('sends a rewrite its blocks as the selection, with the text around them', () => {
    expect(operationInput(doc, 'rewrite', span, targetFor('rewrite', span))).toEqual({
      selection: { text: 'Two', nodeIds: ['b'] },
      context: { before: 'One', after: '' },
    });
  });
  it('sends an insertion no selection, and splits the text where the new text goes', () => {
    expect(operationInput(doc, 'insertContent', span, targetFor('insertContent', span))).toEqual({
      selection: { text: '', nodeIds: ['b'] },
      context: { before: 'One\n\nTwo', after: '' },
    });
    // The caret after 'Tw': Fill Sentence continues right there (the empty last block follows).
    expect(operationInput(doc, 'fillSentence', span, targetFor('fillSentence', span, 8)).context).toEqual({ before: 'One\n\nTw', after: 'o\n\n' });
  });
});

describe('sentenceAt', () => {
  it('adds a space only where the sentence would touch a word', () => {
    expect(sentenceAt(doc, 4, 'Next.')).toBe(' Next.');
    expect(sentenceAt(doc, 4, '  Next. ')).toBe(' Next.');
    expect(sentenceAt(doc, 6, 'Next.')).toBe('Next. ');
    expect(sentenceAt(doc, 11, 'Next.')).toBe('Next.');
  });
});

describe('response mapping', () => {
  it('keeps the response nodes with their ids', () => {
    const r = response({ rewrittenNodesInfo: { nodes: [{ type: 'paragraph', attrs: { id: 'a' }, content: [{ type: 'text', text: 'New' }] }] } });
    expect(responseBlocks(r)).toEqual([{ type: 'paragraph', attrs: { id: 'a' }, content: [{ type: 'text', text: 'New' }] }]);
    expect(() => schema.nodeFromJSON(responseBlocks(r)[0]!)).not.toThrow();
  });
  it('falls back to generatedContent and reads a sentence node', () => {
    expect(responseParagraphs('insertContent', response({ generatedContent: 'A\n\nB' }))).toEqual(['A', 'B']);
    expect(responseParagraphs('fillSentence', response({ sentenceNode: { type: 'text', text: ' more.' } }))).toEqual([' more.']);
  });
  it('splits paragraphs on blank lines only', () => {
    expect(splitParagraphs('a\nb\n\n c ')).toEqual(['a b', 'c']);
  });
});

/** A document of these blocks (ids p0, p1, …), a paragraph per string; `**x**` makes x bold. */
function docOf(...texts: string[]): PmNode {
  const inline = (text: string) =>
    text
      .split(/(\*\*[^*]+\*\*)/)
      .filter(Boolean)
      .map((t) => (t.startsWith('**') ? { type: 'text', text: t.slice(2, -2), marks: [{ type: 'bold' }] } : { type: 'text', text: t }));
  return schema.nodeFromJSON({
    type: 'doc',
    content: texts.map((t, i) => ({ type: 'paragraph', attrs: { id: `p${i}` }, ...(t ? { content: inline(t) } : {}) })),
  });
}

/** Positions of `needle` in the document's text (the nth match, from 0). */
function find(d: PmNode, needle: string, nth = 0): { from: number; to: number } {
  const found: { from: number; to: number }[] = [];
  d.descendants((node, pos) => {
    if (!node.isText) return true;
    for (let i = node.text!.indexOf(needle); i >= 0; i = node.text!.indexOf(needle, i + 1)) found.push({ from: pos + i, to: pos + i + needle.length });
    return false;
  });
  return found[nth]!;
}

const texts = (d: PmNode) => {
  const out: string[] = [];
  d.forEach((n) => out.push(n.textContent));
  return out;
};

describe('selectedParts', () => {
  const d = docOf('Intro stays.', 'The quick brown fox jumps.', 'Last one here.');
  it('gives a word inside a paragraph with the rest of the paragraph around it', () => {
    const { from, to } = find(d, 'quick');
    expect(selectedParts(d, from, to)).toEqual([{ from, to, nodeId: 'p1', before: 'The ', text: 'quick', after: ' brown fox jumps.' }]);
  });
  it('leaves whitespace at the ends of the selection out, so it stays', () => {
    const from = find(d, 'quick').from - 1;
    const to = find(d, 'quick').to + 1;
    expect(selectedParts(d, from, to)).toMatchObject([{ text: 'quick', before: 'The ', after: ' brown fox jumps.' }]);
  });
  it('gives one part per paragraph a selection spans, and nothing for a paragraph it only reaches the edge of', () => {
    const from = find(d, 'fox').from;
    const to = find(d, 'Last').to;
    expect(selectedParts(d, from, to)).toEqual([
      { from, to: find(d, 'jumps.').to, nodeId: 'p1', before: 'The quick brown ', text: 'fox jumps.', after: '' },
      { from: find(d, 'Last').from, to, nodeId: 'p2', before: '', text: 'Last', after: ' one here.' },
    ]);
    // From the end of one paragraph to the start of the next: only the first.
    expect(selectedParts(d, find(d, 'stays').from, find(d, 'The').from).map((p) => p.nodeId)).toEqual(['p0']);
  });
});

describe('rewriteInput', () => {
  it('sends the parts, their ids and the document around their paragraphs', () => {
    const d = docOf('Intro stays.', 'The quick brown fox.', 'Last one.');
    const { from, to } = find(d, 'quick');
    expect(rewriteInput(d, selectedParts(d, from, to))).toEqual({
      selection: { text: 'quick', nodeIds: ['p1'], parts: [{ nodeId: 'p1', before: 'The ', text: 'quick', after: ' brown fox.' }] },
      context: { before: 'Intro stays.', after: 'Last one.' },
    });
  });
});

/** Applies a suggestion in its own undo step, as the editor does; answers the states after it and after one Undo. */
function acceptAndUndo(d: PmNode, target: Parameters<typeof applySuggestion>[1], paragraphs: string[]) {
  const state = EditorState.create({ doc: d, plugins: [history()] });
  const tr = closeHistory(state.tr);
  const caret = applySuggestion(
    tr,
    target,
    paragraphs,
    paragraphs.map((text, i) => ({ type: 'paragraph', attrs: { id: `new${i}` }, content: [{ type: 'text', text }] })),
  );
  const accepted = state.apply(tr);
  let undone = accepted;
  undo(accepted, (t) => (undone = accepted.apply(t)));
  return { accepted: accepted.doc, undone: undone.doc, caret };
}

describe('applySuggestion on a selection', () => {
  it('replaces one word and leaves the rest of the paragraph byte for byte, in one undo step', () => {
    const d = docOf('Intro stays.', 'The quick brown fox.');
    const word = find(d, 'quick');
    const { accepted, undone, caret } = acceptAndUndo(d, textTarget([word]), ['swift']);
    expect(texts(accepted)).toEqual(['Intro stays.', 'The swift brown fox.']);
    expect(accepted.child(1).attrs.id).toBe('p1');
    expect(caret).toBe(word.from + 'swift'.length);
    expect(undone.eq(d)).toBe(true);
  });

  it('keeps the marks of the text around it, and of the replaced text', () => {
    const d = docOf('A **bold** and plain end.');
    const { accepted } = acceptAndUndo(d, textTarget([find(d, 'bold')]), ['strong']);
    expect(accepted.toJSON().content[0].content).toEqual([
      { type: 'text', text: 'A ' },
      { type: 'text', text: 'strong', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' and plain end.' },
    ]);
  });

  it('rewrites each selected part of several paragraphs when the answer has one paragraph per part', () => {
    const d = docOf('Keep me. Change this end.', 'Change this start. Keep me too.');
    const ranges = [find(d, 'Change this end.'), find(d, 'Change this start.')];
    const { accepted, undone } = acceptAndUndo(d, textTarget(ranges), ['New end.', 'New start.']);
    expect(texts(accepted)).toEqual(['Keep me. New end.', 'New start. Keep me too.']);
    expect([accepted.child(0).attrs.id, accepted.child(1).attrs.id]).toEqual(['p0', 'p1']);
    expect(undone.eq(d)).toBe(true);
  });

  it('puts another count of paragraphs in place of the selection, joined to the text around it', () => {
    const d = docOf('Before the word and after.');
    const { accepted, undone, caret } = acceptAndUndo(d, textTarget([find(d, 'the word')]), ['one', 'two']);
    expect(texts(accepted)).toEqual(['Before one', 'two and after.']);
    expect(accepted.resolve(caret).parent.textContent).toBe('two and after.');
    expect(undone.eq(d)).toBe(true);
    // A whole paragraph becomes two.
    const whole = docOf('Intro.', 'Rough draft.');
    expect(texts(acceptAndUndo(whole, textTarget([find(whole, 'Rough draft.')]), ['A.', 'B.']).accepted)).toEqual(['Intro.', 'A.', 'B.']);
  });

  it('inserts blocks, and fills a sentence inline', () => {
    const d = docOf('One.', '');
    expect(texts(acceptAndUndo(d, { kind: 'blocks', from: 6, to: 8 }, ['Filled.']).accepted)).toEqual(['One.', 'Filled.']);
    expect(texts(acceptAndUndo(d, { kind: 'inline', from: 5, to: 5 }, ['Two.']).accepted)).toEqual(['One. Two.', '']);
  });
});

describe('locateParts', () => {
  it('finds stored parts at their offset, or where their text moved within the block', () => {
    const d = docOf('Intro.', 'The quick fox.');
    expect(locateParts(d, [{ nodeId: 'p1', offset: 4, text: 'quick' }])).toEqual([find(d, 'quick')]);
    const moved = docOf('Intro.', 'Now the quick fox.');
    expect(locateParts(moved, [{ nodeId: 'p1', offset: 4, text: 'quick' }])).toEqual([find(moved, 'quick')]);
    expect(locateParts(d, [{ nodeId: 'p1', offset: 4, text: 'slow' }])).toBeNull();
    expect(locateParts(d, [{ nodeId: 'gone', offset: 0, text: 'Intro' }])).toBeNull();
  });
});

describe('mapTarget and cardSlotPos', () => {
  it('moves the ranges with edits and puts the card after the paragraph the suggestion ends in', () => {
    const d = docOf('Intro.', 'The quick fox.', 'After.');
    const target = textTarget([find(d, 'quick')]);
    expect(cardSlotPos(d, target)).toBe(d.child(0).nodeSize + d.child(1).nodeSize);
    const state = EditorState.create({ doc: d });
    const tr = state.tr.insertText('New ', 1);
    expect(mapTarget(target, tr.mapping)).toEqual(textTarget([{ from: target.from + 4, to: target.to + 4 }]));
  });
});
