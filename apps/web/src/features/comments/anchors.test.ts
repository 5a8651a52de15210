import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { anchorBack, anchorOf, resolveAnchor } from './anchors';

const schema = getSchema(breeExtensions());
const paragraph = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: text ? [{ type: 'text', text }] : [] });
const docOf = (...blocks: object[]) => schema.nodeFromJSON({ type: 'doc', content: blocks });
const textAt = (doc: ReturnType<typeof docOf>, range: { from: number; to: number } | null) => (range ? doc.textBetween(range.from, range.to) : null);

describe('comment anchors', () => {
  const doc = docOf(paragraph('a', 'The harbour wall holds.'), paragraph('b', 'The sea rises.'));

  it('anchors a selection to its block, offsets and quote, clipped to the first block', () => {
    // 'harbour' starts at offset 4 of block a, which starts at position 1.
    expect(anchorOf(doc, { from: 5, to: 12 })).toEqual({ blockId: 'a', start: 4, end: 11, quote: 'harbour' });
    const across = anchorOf(doc, { from: 18, to: 30 });
    expect(across).toMatchObject({ blockId: 'a', quote: 'holds.' });
    expect(anchorOf(doc, { from: 4, to: 5 })).toBeNull(); // a space alone
    expect(anchorOf(docOf({ type: 'paragraph', content: [{ type: 'text', text: 'No id' }] }), { from: 1, to: 3 })).toBeNull();
  });

  it('finds the quote again after text typed before it, in another block, or not at all', () => {
    const anchor = anchorOf(doc, { from: 5, to: 12 })!;
    expect(textAt(doc, resolveAnchor(doc, anchor))).toBe('harbour');
    const typedBefore = docOf(paragraph('a', 'Look: the old harbour wall holds.'), paragraph('b', 'The sea rises.'));
    expect(textAt(typedBefore, resolveAnchor(typedBefore, anchor))).toBe('harbour');
    const moved = docOf(paragraph('b', 'The sea rises.'), paragraph('c', 'Our harbour is small.'));
    expect(textAt(moved, resolveAnchor(moved, anchor))).toBe('harbour');
    const deleted = docOf(paragraph('a', 'The wall holds.'), paragraph('b', 'The sea rises.'));
    expect(resolveAnchor(deleted, anchor)).toBeNull();
  });

  it('picks the occurrence nearest the old offsets when the words repeat', () => {
    const twice = docOf(paragraph('a', 'sea and sea and sea'));
    const anchor = { blockId: 'a', start: 8, end: 11, quote: 'sea' };
    const shifted = docOf(paragraph('a', 'X sea and sea and sea'));
    expect(resolveAnchor(shifted, anchor)).toEqual({ from: 1 + 10, to: 1 + 13 });
    expect(resolveAnchor(twice, anchor)).toEqual({ from: 9, to: 12 });
  });

  it('sees deleted words back only in their block at their offsets (an undo), not typed elsewhere', () => {
    const anchor = anchorOf(doc, { from: 5, to: 12 })!;
    expect(anchorBack(doc, anchor)).toBe(true);
    expect(anchorBack(docOf(paragraph('a', 'The wall holds.')), anchor)).toBe(false);
    expect(anchorBack(docOf(paragraph('a', 'A harbour wall holds.')), anchor)).toBe(false);
    expect(anchorBack(docOf(paragraph('c', 'The harbour wall holds.')), anchor)).toBe(false);
  });
});
