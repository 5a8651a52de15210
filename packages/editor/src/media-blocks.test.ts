import { describe, expect, it } from 'vitest';
import { EDITOR_VERSION, normalizeDoc, toPlainText, validateDoc, type DocJSON } from './index';

/** Images and tables (EDITOR_VERSION 4, docs/PRODUCT.md#editor). */
const para = (text: string): DocJSON => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const hostile = { onerror: 'alert(1)', style: 'color:red', class: 'evil', width: 9000, title: 'x' };
const SRC = '/api/images/01JD5Z8X4KQ3M2N7P9R0S1T2V3';
const json = (input: DocJSON) => validateDoc(normalizeDoc(input)).toJSON() as DocJSON;
const only = (node: DocJSON) => json({ type: 'doc', content: [node] }).content![0]!;
const cell = (type: 'tableCell' | 'tableHeader', text: string, attrs?: Record<string, unknown>): DocJSON => ({
  type,
  ...(attrs ? { attrs } : {}),
  content: [para(text)],
});

describe('images', () => {
  it('are version 4 of the schema', () => {
    expect(EDITOR_VERSION).toBe(4);
  });

  it('keep their source, alt text, caption and size, and nothing a client adds', () => {
    const image = only({ type: 'image', attrs: { src: SRC, alt: 'A harbour', caption: 'Dawn', size: 'medium', ...hostile } });
    expect(image).toEqual({ type: 'image', attrs: { src: SRC, alt: 'A harbour', caption: 'Dawn', size: 'medium', id: null } });
  });

  it('fall back to full width for a size that is not a preset', () => {
    expect(only({ type: 'image', attrs: { src: SRC, size: 'enormous' } }).attrs!.size).toBe('full');
  });

  it.each(['https://example.com/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/api/images/../files', '/api/images/x'])(
    'from %s are kept as their alt text, never as an image',
    (src) => {
      expect(only({ type: 'image', attrs: { src, alt: 'Chart of sales' } })).toMatchObject({
        type: 'paragraph',
        content: [{ type: 'text', text: 'Chart of sales' }],
      });
      expect(only({ type: 'image', attrs: { src } })).not.toHaveProperty('content');
      expect(only({ type: 'image', attrs: { src } }).type).toBe('paragraph');
    },
  );

  it('drop an alt text or caption longer than 1000 characters', () => {
    const image = only({ type: 'image', attrs: { src: SRC, alt: 'a'.repeat(1001), caption: 'c'.repeat(1001) } });
    expect(image.attrs).toMatchObject({ alt: null, caption: null });
  });

  it('add no words to the plain text', () => {
    const doc = json({ type: 'doc', content: [para('Before'), { type: 'image', attrs: { src: SRC, alt: 'x' } }, para('After')] });
    expect(toPlainText(doc).replace(/\s+/g, ' ').trim()).toBe('Before After');
  });
});

describe('tables', () => {
  const table = (rows: DocJSON[][]): DocJSON => ({ type: 'table', content: rows.map((cells) => ({ type: 'tableRow', content: cells })) });

  it('hold a header row and cells of paragraphs', () => {
    const node = only(
      table([
        [cell('tableHeader', 'Name'), cell('tableHeader', 'Words')],
        [cell('tableCell', 'Intro'), cell('tableCell', '120')],
      ]),
    );
    expect(node.content!.map((row) => row.content!.map((c) => c.type))).toEqual([
      ['tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell'],
    ]);
  });

  it('keep a span between 1 and 20 and nothing else a client adds', () => {
    const node = only(
      table([
        [cell('tableCell', 'wide', { colspan: 2, rowspan: 1, ...hostile })],
        [cell('tableCell', 'a', { colspan: 99 }), cell('tableCell', 'b', { rowspan: 0 })],
      ]),
    );
    expect(node.content![0]!.content![0]!.attrs).toEqual({ colspan: 2, rowspan: 1, colwidth: null, align: null });
    expect(node.content![1]!.content![0]!.attrs!.colspan).toBe(1);
    expect(node.content![1]!.content![1]!.attrs!.rowspan).toBe(1);
  });

  it('refuse a table, an image or a list inside a cell', () => {
    const nested = table([[{ type: 'tableCell', content: [table([[cell('tableCell', 'inner')]])] }]]);
    expect(() => json({ type: 'doc', content: [nested] })).toThrow();
    expect(() => json({ type: 'doc', content: [table([[{ type: 'tableCell', content: [{ type: 'image', attrs: { src: SRC } }] }]])] })).toThrow();
  });

  it('give their cells’ words to the plain text', () => {
    const doc = json({ type: 'doc', content: [table([[cell('tableHeader', 'Name')], [cell('tableCell', 'Intro')]])] });
    expect(toPlainText(doc)).toContain('Name');
    expect(toPlainText(doc)).toContain('Intro');
  });
});
