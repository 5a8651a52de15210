import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions } from '@bree/editor';
import type { BackgroundResponse } from '@bree/contracts';
import { blocksInRange, blocksWithIds, operationInput, responseBlocks, responseParagraphs, sentenceAt, splitParagraphs, targetFor } from './nodes';

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
    expect(targetFor('rewrite', span)).toEqual({ from: 5, to: 10, inline: false });
    expect(targetFor('insertContent', span)).toEqual({ from: 10, to: 10, inline: false });
    expect(targetFor('fillParagraph', { ...span, empty: true })).toEqual({ from: 5, to: 10, inline: false });
    expect(targetFor('fillSentence', span, 8)).toEqual({ from: 8, to: 8, inline: true });
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
