import type { DocJSON } from '@bree/editor';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxToHtml } from './docx';
import { htmlToDoc } from './html';
import { markdownToDoc } from './markdown';

// The fixture of the server's export test (apps/server/src/modules/files/files.export-tables.test.ts).
const text = (t: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const cell = (type: 'tableHeader' | 'tableCell', ...paragraphs: DocJSON[]): DocJSON => ({ type, content: paragraphs });
const row = (...cells: DocJSON[]): DocJSON => ({ type: 'tableRow', content: cells });
const FIXTURE: DocJSON = {
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

// Exactly what the server's Markdown export writes for the fixture (asserted there).
const EXPORTED_MARKDOWN = [
  'Before the table.',
  '',
  '| Name | Words |',
  '| --- | --- |',
  '| Intro \\| opening | 120 |',
  '| `a\\|b` | **&lt;b>bold&lt;/b>** |',
  '',
  '- after',
  '',
].join('\n');

/** The tree without ids, null attributes and spans of 1, as the fixture writes it. */
function shape(d: DocJSON): DocJSON {
  const { attrs, content, ...rest } = d;
  const kept = Object.fromEntries(
    Object.entries(attrs ?? {}).filter(([k, v]) => k !== 'id' && k !== 'isFirstParagraph' && v != null && !((k === 'colspan' || k === 'rowspan') && v === 1)),
  );
  return { ...rest, ...(Object.keys(kept).length ? { attrs: kept } : {}), ...(content?.length ? { content: content.map(shape) } : {}) };
}

const cellTexts = (doc: DocJSON) =>
  doc.content
    ?.find((n) => n.type === 'table')
    ?.content?.map((r) =>
      r.content?.map(
        (c) => `${c.type === 'tableHeader' ? 'th' : 'td'}:${(c.content ?? []).map((q) => (q.content ?? []).map((t) => t.text ?? '\n').join('')).join('/')}`,
      ),
    );

describe('importing tables', () => {
  it("reads the Markdown export's GFM table back: header row, escaped pipes, marks", () => {
    expect(shape(markdownToDoc(EXPORTED_MARKDOWN))).toEqual(FIXTURE);
  });

  it("reads Bree's HTML export back (the scrolling wrapper, no widths)", () => {
    const html =
      '<p>Before the table.</p><div class="bree-table"><table><tbody><tr><th><p>Name</p></th><th><p>Words</p></th></tr>' +
      '<tr><td><p>Intro | opening</p></td><td><p>120</p></td></tr><tr><td><p><code>a|b</code></p></td><td><p><strong>&lt;b&gt;bold&lt;/b&gt;</strong></p></td></tr></tbody></table></div>' +
      '<ul><li><p>after</p></li></ul>';
    expect(shape(htmlToDoc(html))).toEqual(FIXTURE);
  });

  it('reads a Word table with a header row (mammoth gives <thead><th>)', async () => {
    const wordCell = (t: string) => new TableCell({ children: [new Paragraph({ children: [new TextRun(t)] })] });
    const file = new Document({
      sections: [
        {
          children: [
            new Paragraph('Before the table.'),
            new Table({
              width: { size: 100, type: WidthType.PERCENTAGE },
              rows: [
                new TableRow({ tableHeader: true, children: [wordCell('Name'), wordCell('Words')] }),
                new TableRow({ children: [wordCell('Intro | opening'), wordCell('120')] }),
              ],
            }),
          ],
        },
      ],
    });
    const doc = htmlToDoc(await docxToHtml(await Packer.toArrayBuffer(file)));
    expect(cellTexts(doc)).toEqual([
      ['th:Name', 'th:Words'],
      ['td:Intro | opening', 'td:120'],
    ]);
  });

  it('makes a cell’s headings, list items, code and inner table into its paragraphs, and a caption a paragraph before', () => {
    const doc = htmlToDoc(
      '<table><caption>Sales</caption><tr><td><h2>Head</h2><ul><li>one</li><li><p>two</p></li></ul></td>' +
        '<td><blockquote>quoted</blockquote><hr><pre>x = 1</pre><table><tr><td>in</td><td>ner</td></tr></table></td></tr></table>',
    );
    expect(doc.content?.[0]).toMatchObject({ type: 'paragraph', content: [{ text: 'Sales' }] });
    expect(cellTexts(doc)).toEqual([['td:Head/one/two', 'td:quoted/x = 1/in | ner']]);
  });

  it('drops hostile cell attributes, keeps sane spans and drops a table without cells', () => {
    const doc = htmlToDoc(
      '<table onmouseover="alert(1)"><tr><th style="color:red" class="evil" colspan="2" data-x="1">A</th></tr><tr><td rowspan="javascript:1">b</td><td>c</td></tr></table><table><tr></tr></table><p>end</p>',
    );
    expect(JSON.stringify(doc)).not.toMatch(/alert|color|evil|data-x|javascript/);
    const table = doc.content?.find((n) => n.type === 'table');
    expect(table?.content?.[0]?.content?.[0]?.attrs).toMatchObject({ colspan: 2, rowspan: 1 });
    expect(table?.content?.[1]?.content?.[0]?.attrs).toMatchObject({ colspan: 1, rowspan: 1 });
    expect(doc.content?.map((n) => n.type)).toEqual(['table', 'paragraph']);
  });
});
