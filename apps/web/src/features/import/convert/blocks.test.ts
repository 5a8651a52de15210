import type { DocJSON } from '@bree/editor';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxToHtml } from './docx';
import { htmlToDoc } from './html';
import { markdownToDoc } from './markdown';

// The fixture of the server's export test (apps/server/src/modules/files/files.export-blocks.test.ts):
// every block of EDITOR_VERSION 3 between a heading, a paragraph and a list.
const text = (t: string): DocJSON => ({ type: 'text', text: t });
const p = (t: string): DocJSON => ({ type: 'paragraph', content: [text(t)] });
const task = (checked: boolean, t: string): DocJSON => ({ type: 'taskItem', attrs: { checked }, content: [p(t)] });
const CODE = 'const a = 1 < 2;\n\n<script>alert(1)</script>';
const fixture = (language: string | null): DocJSON => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Plan')] },
    p('Before the quote.'),
    { type: 'blockquote', content: [p('Quoted line one.'), p('Quoted line two.')] },
    { type: 'taskList', content: [task(true, 'Done thing'), task(false, 'Open thing')] },
    { type: 'horizontalRule' },
    { type: 'codeBlock', ...(language ? { attrs: { language } } : {}), content: [text(CODE)] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [p('after')] }] },
  ],
});

/** The tree without ids and null attributes, as the fixture writes it. */
function shape(d: DocJSON): DocJSON {
  const { attrs, content, ...rest } = d;
  const kept = Object.fromEntries(Object.entries(attrs ?? {}).filter(([k, v]) => k !== 'id' && k !== 'isFirstParagraph' && v != null));
  return { ...rest, ...(Object.keys(kept).length ? { attrs: kept } : {}), ...(content?.length ? { content: content.map(shape) } : {}) };
}

// Exactly what the server's Markdown export writes for the fixture (asserted there).
const EXPORTED_MARKDOWN = [
  '# Plan',
  '',
  'Before the quote.',
  '',
  '> Quoted line one.',
  '> ',
  '> Quoted line two.',
  '',
  '- [x] Done thing',
  '- [ ] Open thing',
  '',
  '---',
  '',
  '```ts',
  CODE,
  '```',
  '',
  '- after',
  '',
].join('\n');

describe('importing quotes, checklists, rules and code', () => {
  it("reads GFM Markdown (the export's own) back to every block, the language kept", () => {
    expect(shape(markdownToDoc(EXPORTED_MARKDOWN))).toEqual(fixture('ts'));
  });

  it('reads loose GFM task lists and "* * *" rules too', () => {
    const doc = shape(markdownToDoc('- [X] one\n\n- [ ] two\n\n* * *\n\n    indented code\n'));
    expect(doc.content?.map((n) => n.type)).toEqual(['taskList', 'horizontalRule', 'codeBlock']);
    expect(doc.content?.[0]?.content?.map((item) => item.attrs?.checked)).toEqual([true, false]);
  });

  it("reads Bree's HTML export back to every block", () => {
    const html =
      '<h1>Plan</h1><p>Before the quote.</p><blockquote><p>Quoted line one.</p><p>Quoted line two.</p></blockquote>' +
      '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" disabled checked="checked"><span></span></label><div><p>Done thing</p></div></li>' +
      '<li data-checked="false" data-type="taskItem"><label><input type="checkbox" disabled><span></span></label><div><p>Open thing</p></div></li></ul>' +
      '<hr><pre spellcheck="false"><code class="language-ts">const a = 1 &lt; 2;\n\n&lt;script&gt;alert(1)&lt;/script&gt;</code></pre><ul><li><p>after</p></li></ul>';
    expect(shape(htmlToDoc(html))).toEqual(fixture('ts'));
  });

  it('keeps a list with some items unticked-off boxes as a list, and drops hostile attributes', () => {
    const doc = htmlToDoc(
      '<ul><li><input type="checkbox" onclick="alert(1)"> a</li><li>b</li></ul><pre><code class="language-ts&quot; onmouseover=x">x</code></pre><input type="text" value="secret">',
    );
    expect(doc.content?.map((n) => n.type)).toEqual(['bulletList', 'codeBlock']);
    expect(JSON.stringify(doc)).not.toMatch(/onclick|onmouseover|secret|alert/);
  });

  it("reads the DOCX export's styles (Quote, Code, Horizontal Line) and checkbox characters back to every block", async () => {
    const styled = (style: string, runs: TextRun[]) => new Paragraph({ style, children: runs });
    const file = new Document({
      styles: {
        paragraphStyles: [
          { id: 'Quote', name: 'Quote', basedOn: 'Normal' },
          { id: 'Code', name: 'Code', basedOn: 'Normal' },
          { id: 'HorizontalLine', name: 'Horizontal Line', basedOn: 'Normal' },
        ],
      },
      sections: [
        {
          children: [
            new Paragraph({ heading: 'Heading1', children: [new TextRun('Plan')] }),
            new Paragraph('Before the quote.'),
            styled('Quote', [new TextRun('Quoted line one.')]),
            styled('Quote', [new TextRun('Quoted line two.')]),
            new Paragraph('☑ Done thing'),
            new Paragraph('☐ Open thing'),
            styled('HorizontalLine', []),
            styled(
              'Code',
              CODE.split('\n').map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })),
            ),
            new Paragraph({ bullet: { level: 0 }, children: [new TextRun('after')] }),
          ],
        },
      ],
    });
    const bytes = await Packer.toArrayBuffer(file);
    expect(shape(htmlToDoc(await docxToHtml(bytes)))).toEqual(fixture(null));
  });
});
