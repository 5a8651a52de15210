import { describe, expect, it } from 'vitest';
import { sameContent } from './sameContent';

const doc = (text: string, attrs: Record<string, unknown> = { id: 'b1' }) => ({
  type: 'doc',
  content: [{ type: 'paragraph', attrs, content: [{ type: 'text', text }] }],
});

describe('sameContent', () => {
  it('is the same document whatever the order of keys', () => {
    expect(
      sameContent(doc('Harbour', { id: 'b1', dir: null }), {
        content: [{ content: [{ text: 'Harbour', type: 'text' }], attrs: { dir: null, id: 'b1' }, type: 'paragraph' }],
        type: 'doc',
      }),
    ).toBe(true);
  });

  it('tells apart a word, an attribute, a block more and a text from a tree', () => {
    expect(sameContent(doc('Harbour'), doc('Harbour.'))).toBe(false);
    expect(sameContent(doc('Harbour', { id: 'b1' }), doc('Harbour', { id: 'b2' }))).toBe(false);
    expect(sameContent(doc('Harbour'), { ...doc('Harbour'), content: [...doc('Harbour').content, { type: 'paragraph' }] })).toBe(false);
    expect(sameContent('Harbour', doc('Harbour'))).toBe(false);
    expect(sameContent(null, doc('Harbour'))).toBe(false);
  });
});
