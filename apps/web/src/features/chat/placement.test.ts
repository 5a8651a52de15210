import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions } from '@bree/editor';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { history, undo } from '@tiptap/pm/history';
import type { Node as PmNode } from '@tiptap/pm/model';
import { placeReply, replyBlocks, type ReplyTarget } from './placement';

const schema = getSchema([...breeExtensions(), BlockIds]);
const text = (t: string) => (t ? [{ type: 'text', text: t }] : []);
const p = (t: string) => ({ type: 'paragraph', content: text(t) });
const h1 = (t: string) => ({ type: 'heading', attrs: { level: 1 }, content: text(t) });
const ul = (...items: string[]) => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });

const stateOf = (...blocks: object[]) => EditorState.create({ doc: schema.nodeFromJSON({ type: 'doc', content: blocks }), plugins: [history()] });
/** Each top-level block as 'type text' (lists as 'bulletList a | b'). */
const blocksOf = (doc: PmNode) =>
  doc.children.map((n) => {
    if (n.type.name.endsWith('List')) return `${n.type.name} ${n.children.map((item) => item.textContent).join(' | ')}`;
    return n.textContent ? `${n.type.name} ${n.textContent}` : n.type.name;
  });
/** The position just after the first occurrence of `needle` in the document. */
function after(doc: PmNode, needle: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found >= 0 || !node.isText) return found < 0;
    const at = node.text!.indexOf(needle);
    if (at >= 0) found = pos + at + needle.length;
    return false;
  });
  if (found < 0) throw new Error(`${needle} not found`);
  return found;
}

/** Places `reply` the way Insert at cursor does and answers the blocks after it, and after one undo. */
function place(state: EditorState, reply: string, target: ReplyTarget) {
  const tr = state.tr;
  const end = placeReply({ tr, target, blocks: replyBlocks(reply) });
  let next = state.apply(tr);
  const placed = blocksOf(next.doc);
  const caret = end === null ? null : TextSelection.near(next.doc.resolve(end), -1).$from.parent.textContent;
  undo(next, (t) => (next = next.apply(t)));
  return { placed, caret, undone: blocksOf(next.doc) };
}

const doc = () => stateOf(h1('The Harbour Chapter'), p('The tide rose softly.'), p('Edited again.'));
const original = ['heading The Harbour Chapter', 'paragraph The tide rose softly.', 'paragraph Edited again.'];

describe("where chat's Insert at cursor puts a reply", () => {
  it('after the paragraph the caret is in, never inside it, even mid-sentence; one undo takes it back', () => {
    const state = doc();
    const at = after(state.doc, 'The tide');
    const result = place(state, 'Marigold evening.', { from: at, to: at, caretPlaced: true });
    expect(result.placed).toEqual(['heading The Harbour Chapter', 'paragraph The tide rose softly.', 'paragraph Marigold evening.', 'paragraph Edited again.']);
    expect(result.caret).toBe('Marigold evening.');
    expect(result.undone).toEqual(original);
  });

  it('after the heading when the caret is in the title, as paragraphs', () => {
    const state = doc();
    const result = place(state, 'One.\n\nTwo.', { from: 1, to: 1, caretPlaced: true });
    expect(result.placed).toEqual([
      'heading The Harbour Chapter',
      'paragraph One.',
      'paragraph Two.',
      'paragraph The tide rose softly.',
      'paragraph Edited again.',
    ]);
  });

  it('at the end of the document when no caret was placed (the selection is only where the editor starts)', () => {
    const state = doc();
    const result = place(state, 'The tide rose softly.\n\nThen night.', { from: 1, to: 1, caretPlaced: false });
    expect(result.placed).toEqual([...original, 'paragraph The tide rose softly.', 'paragraph Then night.']);
    expect(result.caret).toBe('Then night.');
    expect(result.undone).toEqual(original);
  });

  it('in place of the empty paragraph the caret is in, and of an empty last paragraph with no caret', () => {
    const withEmpty = stateOf(p('First.'), p(''), p('Last.'));
    expect(place(withEmpty, 'Reply.', { from: 9, to: 9, caretPlaced: true }).placed).toEqual(['paragraph First.', 'paragraph Reply.', 'paragraph Last.']);
    const emptyEnd = stateOf(p('First.'), p(''));
    expect(place(emptyEnd, 'Reply.', { from: 1, to: 1, caretPlaced: false }).placed).toEqual(['paragraph First.', 'paragraph Reply.']);
  });

  it('after the whole list when the caret is in a list item', () => {
    const state = stateOf(p('Intro.'), ul('one', 'two'), p('Outro.'));
    const at = after(state.doc, 'one');
    expect(place(state, 'Reply.', { from: at, to: at, caretPlaced: true }).placed).toEqual([
      'paragraph Intro.',
      'bulletList one | two',
      'paragraph Reply.',
      'paragraph Outro.',
    ]);
  });

  it('in place of selected words: one paragraph as words, keeping the marks around them', () => {
    const state = stateOf({ type: 'paragraph', content: [{ type: 'text', text: 'Hello world.', marks: [{ type: 'bold' }] }] });
    const tr = state.tr;
    placeReply({ tr, target: { from: 7, to: 12, caretPlaced: true }, blocks: replyBlocks('there') });
    const next = state.apply(tr);
    expect(blocksOf(next.doc)).toEqual(['paragraph Hello there.']);
    expect(next.doc.firstChild!.childCount).toBe(1);
    expect(next.doc.firstChild!.firstChild!.marks.map((m) => m.type.name)).toEqual(['bold']);
  });

  it('in place of a selection inside a paragraph, several paragraphs split it around the reply', () => {
    const state = doc();
    const from = after(state.doc, 'The tide ');
    const to = after(state.doc, 'rose');
    const result = place(state, 'First.\n\nSecond.', { from, to, caretPlaced: true });
    expect(result.placed).toEqual([
      'heading The Harbour Chapter',
      'paragraph The tide',
      'paragraph First.',
      'paragraph Second.',
      'paragraph softly.',
      'paragraph Edited again.',
    ]);
    expect(result.undone).toEqual(original);
  });

  it('in place of whole selected paragraphs, several paragraphs replace them without a stray empty line', () => {
    const state = doc();
    const from = after(state.doc, 'The Harbour Chapter') + 2;
    const to = after(state.doc, 'Edited again.');
    const result = place(state, 'New one.\n\nNew two.', { from, to, caretPlaced: true });
    expect(result.placed).toEqual(['heading The Harbour Chapter', 'paragraph New one.', 'paragraph New two.']);
    expect(result.undone).toEqual(original);
  });

  it('in place of one whole selected paragraph (a triple click), in the middle or at the end', () => {
    const state = doc();
    const middle = { from: after(state.doc, 'The Harbour Chapter') + 2, to: after(state.doc, 'rose softly.') };
    expect(place(state, 'A.\n\nB.', { ...middle, caretPlaced: true }).placed).toEqual([
      'heading The Harbour Chapter',
      'paragraph A.',
      'paragraph B.',
      'paragraph Edited again.',
    ]);
    const last = { from: after(state.doc, 'rose softly.') + 2, to: after(state.doc, 'Edited again.') };
    expect(place(state, 'A.\n\nB.', { ...last, caretPlaced: true }).placed).toEqual([
      'heading The Harbour Chapter',
      'paragraph The tide rose softly.',
      'paragraph A.',
      'paragraph B.',
    ]);
  });

  it('makes lists of a reply written as Markdown-like lists', () => {
    const state = doc();
    const at = after(state.doc, 'Edited again.');
    const reply = 'Three titles:\n1. The Harbour\n2. Low Tide\n   at Dusk\n3. Gulls\n\n- keep it short\n- end well';
    expect(place(state, reply, { from: at, to: at, caretPlaced: true }).placed).toEqual([
      ...original,
      'paragraph Three titles:',
      'orderedList The Harbour | Low Tide at Dusk | Gulls',
      'bulletList keep it short | end well',
    ]);
  });

  it('changes nothing for a reply without text', () => {
    const state = doc();
    const tr = state.tr;
    expect(placeReply({ tr, target: { from: 1, to: 1, caretPlaced: true }, blocks: replyBlocks('  \n\n ') })).toBeNull();
    expect(tr.docChanged).toBe(false);
  });
});

describe("a reply's blocks", () => {
  it('are paragraphs at blank lines, single line breaks becoming spaces', () => {
    expect(replyBlocks('One line\nwrapped.\r\n\r\nTwo.')).toEqual([
      { kind: 'paragraph', text: 'One line wrapped.' },
      { kind: 'paragraph', text: 'Two.' },
    ]);
  });

  it('keep a numbered list one list across blank lines, and its first number', () => {
    expect(replyBlocks('3. c\n\n4. d')).toEqual([{ kind: 'numbers', items: ['c', 'd'], start: 3 }]);
  });

  it('end a list at a line that is not indented', () => {
    expect(replyBlocks('- a\n- b\nAfter the list.')).toEqual([
      { kind: 'bullets', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'After the list.' },
    ]);
  });
});
