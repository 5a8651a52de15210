import { breeExtensions, normalizeDoc, type DocJSON } from '@bree/editor';
import { generateJSON } from '@tiptap/html';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportDocument, type ExportFormat } from './files.export';

// A table with a header row between a paragraph and a list (docs/PRODUCT.md#export); a cell holds
// a pipe, code with a pipe, a line break and two paragraphs.
const text = (t: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const cell = (type: 'tableHeader' | 'tableCell', ...paragraphs: DocJSON[]): DocJSON => ({ type, content: paragraphs });
const row = (...cells: DocJSON[]): DocJSON => ({ type: 'tableRow', content: cells });

export const TABLE_FIXTURE: DocJSON = {
  type: 'doc',
  content: [
    p(text('Before the table.')),
    {
      type: 'table',
      content: [
        row(cell('tableHeader', p(text('Name'))), cell('tableHeader', p(text('Words')))),
        row(cell('tableCell', p(text('Intro | opening'))), cell('tableCell', p(text('120')))),
        row(cell('tableCell', p(text('a|b', [{ type: 'code' }]))), cell('tableCell', p(text('<b>bold</b>', [{ type: 'bold' }])))),
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('after'))] }] },
  ],
};

/** The document as the schema reads it back, without ids and null attributes an import would not carry. */
function shape(d: DocJSON): DocJSON {
  const { attrs, content, ...rest } = d;
  const kept = Object.fromEntries(
    Object.entries(attrs ?? {}).filter(([k, v]) => k !== 'id' && k !== 'isFirstParagraph' && v != null && !((k === 'colspan' || k === 'rowspan') && v === 1)),
  );
  return { ...rest, ...(Object.keys(kept).length ? { attrs: kept } : {}), ...(content?.length ? { content: content.map(shape) } : {}) };
}

const render = async (format: ExportFormat, doc = TABLE_FIXTURE) => (await exportDocument(doc, { title: 'T', format })).body;
const parse = (html: string) => shape(generateJSON(html, breeExtensions()) as DocJSON);
const gfm = (md: string) => new Marked({ gfm: true, breaks: false }).parse(md, { async: false });

describe('tables in every export format', () => {
  it('writes a GFM table: the header row, a separator, pipes escaped', async () => {
    expect(String(await render('md'))).toBe(
      [
        'Before the table.',
        '',
        '| Name | Words |',
        '| --- | --- |',
        '| Intro \\| opening | 120 |',
        '| `a\\|b` | **&lt;b>bold&lt;/b>** |',
        '',
        '- after',
        '',
      ].join('\n'),
    );
  });

  it('writes Markdown a GFM reader reads back to the same table', async () => {
    const html = gfm(String(await render('md')));
    expect(html).toContain('<th>Name</th>');
    expect(html).toContain('<td>Intro | opening</td>');
    expect(html).toContain('<td><code>a|b</code></td>');
    expect(parse(html)).toEqual(shape(TABLE_FIXTURE));
  });

  it('keeps a cell of two paragraphs and a line break on its one Markdown line, and pads a span or a short row', async () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            row(cell('tableHeader', p(text('A'))), cell('tableHeader', p(text('B'))), cell('tableHeader', p(text('C')))),
            row(
              { ...cell('tableCell', p(text('wide'))), attrs: { colspan: 2 } },
              cell('tableCell', p(text('one')), p(text('two'), { type: 'hardBreak' }, text('three'))),
            ),
            row(cell('tableCell', p())),
          ],
        },
      ],
    };
    expect(String(await render('md', doc))).toBe(['| A | B | C |', '| --- | --- | --- |', '| wide |  | one<br>two<br>three |', '|  |  |  |', ''].join('\n'));
  });

  it('writes HTML with the header cells, no editor widths, in a wrapper that scrolls; it reads back to the same document', async () => {
    const html = String(await render('html'));
    expect(html).toContain(
      '<div class="bree-table" tabindex="0"><table><tbody><tr><th><p>Name</p></th><th><p>Words</p></th></tr><tr><td><p>Intro | opening</p></td><td><p>120</p></td></tr>',
    );
    expect(html).not.toMatch(/colgroup|style=|min-width/);
    expect(html).toContain('<strong>&lt;b&gt;bold&lt;/b&gt;</strong>');
    const body = /<body>\n([\s\S]*)\n<\/body>/.exec(html)?.[1] ?? '';
    expect(parse(body)).toEqual(shape(TABLE_FIXTURE));
  });

  it('writes plain text one row per line, the cells apart by " | "', async () => {
    expect(String(await render('txt'))).toBe(['Before the table.', '', 'Name | Words', 'Intro | opening | 120', 'a|b | <b>bold</b>', '', '- after'].join('\n'));
  });

  it('writes a real Word table whose first row is its header row', async () => {
    const docx = (await render('docx')) as Buffer;
    const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']!);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:trPr>.*?<w:tblHeader\/>/);
    const { value } = await mammoth.convertToHtml({ buffer: docx }, { ignoreEmptyParagraphs: true });
    expect(value).toContain('<table><thead><tr><th><p>Name</p></th><th><p>Words</p></th></tr></thead><tbody><tr><td><p>Intro | opening</p></td>');
  });

  it('drops the attributes a client adds to cells', async () => {
    const hostile = { style: 'background:url(javascript:alert(1))', onclick: 'alert(1)', class: 'x', colspan: 2, colwidth: [900], align: 'center' };
    const doc = normalizeDoc({ type: 'doc', content: [{ type: 'table', content: [row({ ...cell('tableCell', p(text('x'))), attrs: hostile })] }] });
    const html = String(await render('html', doc));
    expect(html).toContain('<td colspan="2"><p>x</p></td>');
    expect(html).not.toMatch(/onclick|javascript|class="x"|align|900/);
  });
});
