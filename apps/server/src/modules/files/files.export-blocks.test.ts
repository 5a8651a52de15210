import { breeExtensions, normalizeDoc, type DocJSON } from '@bree/editor';
import { generateJSON } from '@tiptap/html';
import mammoth from 'mammoth';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportDocument, type ExportFormat } from './files.export';

// The fixture of docs/PRODUCT.md#export: every block of EDITOR_VERSION 3 between a heading, a paragraph and a list.
const text = (t: string): DocJSON => ({ type: 'text', text: t });
const p = (t?: string): DocJSON => ({ type: 'paragraph', ...(t ? { content: [text(t)] } : {}) });
const task = (checked: boolean, t: string, ...more: DocJSON[]): DocJSON => ({ type: 'taskItem', attrs: { checked }, content: [p(t), ...more] });

export const BLOCKS_FIXTURE: DocJSON = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Plan')] },
    p('Before the quote.'),
    { type: 'blockquote', content: [p('Quoted line one.'), p('Quoted line two.')] },
    { type: 'taskList', content: [task(true, 'Done thing'), task(false, 'Open thing')] },
    { type: 'horizontalRule' },
    { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1 < 2;\n\n<script>alert(1)</script>')] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [p('after')] }] },
  ],
};

/** The document as the schema reads it back, without ids and null attributes an import would not carry. */
function shape(d: DocJSON): DocJSON {
  const { attrs, content, ...rest } = d;
  const kept = Object.fromEntries(Object.entries(attrs ?? {}).filter(([k, v]) => k !== 'id' && k !== 'isFirstParagraph' && v != null));
  return { ...rest, ...(Object.keys(kept).length ? { attrs: kept } : {}), ...(content?.length ? { content: content.map(shape) } : {}) };
}

const render = async (format: ExportFormat, doc = BLOCKS_FIXTURE) => (await exportDocument(doc, { title: 'T', format })).body;
const parse = (html: string) => shape(generateJSON(html, breeExtensions()) as DocJSON);

describe('the four blocks in every export format', () => {
  it('writes GitHub-flavoured Markdown: "> ", "- [x] "/"- [ ] ", "---" and fenced code with its language', async () => {
    expect(String(await render('md'))).toBe(
      [
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
        'const a = 1 < 2;',
        '',
        '<script>alert(1)</script>',
        '```',
        '',
        '- after',
        '',
      ].join('\n'),
    );
  });

  it('writes Markdown a GFM reader reads as a quote, a task list, a rule and code with its language', async () => {
    const html = new Marked({ gfm: true, breaks: false }).parse(String(await render('md')), { async: false });
    expect(html).toContain('<blockquote>\n<p>Quoted line one.</p>\n<p>Quoted line two.</p>\n</blockquote>');
    expect(html).toContain('<li><input checked="" disabled="" type="checkbox"> Done thing</li>\n<li><input disabled="" type="checkbox"> Open thing</li>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;\n\n&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>');
  });

  it('nests checklists and fences code that holds a fence', async () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        { type: 'taskList', content: [task(false, 'outer', { type: 'taskList', content: [task(true, 'inner')] })] },
        { type: 'codeBlock', content: [text('```\nx')] },
      ],
    };
    expect(String(await render('md', doc))).toBe('- [ ] outer\n  - [x] inner\n\n````\n```\nx\n````\n');
    expect(String(await render('txt', doc))).toBe('[ ] outer\n    [x] inner\n\n```\nx');
  });

  it('writes HTML: <blockquote>, a task list with disabled checkboxes, <hr>, <pre><code> escaped with its language', async () => {
    const html = String(await render('html'));
    expect(html).toContain('<blockquote><p>Quoted line one.</p><p>Quoted line two.</p></blockquote>');
    expect(html).toMatch(
      /<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" disabled aria-label="Done" checked="checked">/,
    );
    expect(html).toMatch(/<li data-checked="false" data-type="taskItem"><label><input type="checkbox" disabled aria-label="Done">/);
    expect(html).toContain('<hr>');
    expect(html).toContain('<code class="language-ts">const a = 1 &lt; 2;\n\n&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
    expect(html).not.toContain('<script>');
    const body = /<body>\n([\s\S]*)\n<\/body>/.exec(html)?.[1] ?? '';
    // The schema's own parser reads every block back, the code's language too.
    expect(parse(body)).toEqual(shape(BLOCKS_FIXTURE));
  });

  it('writes plain text: "> " lines, "[x]"/"[ ]", a line of dashes, code as written', async () => {
    expect(String(await render('txt'))).toBe(
      [
        'Plan',
        '',
        'Before the quote.',
        '',
        '> Quoted line one.',
        '>',
        '> Quoted line two.',
        '',
        '[x] Done thing',
        '[ ] Open thing',
        '',
        '——————————',
        '',
        'const a = 1 < 2;',
        '',
        '<script>alert(1)</script>',
        '',
        '- after',
      ].join('\n'),
    );
  });

  it('writes DOCX with the Quote, Code and Horizontal Line styles and checkbox characters', async () => {
    const docx = (await render('docx')) as Buffer;
    // The import's style map (apps/web/src/features/import/convert/docx.ts), whose reading of this HTML back to the fixture is tested there.
    const styleMap = ["p[style-name='Quote'] => blockquote > p:fresh", "p[style-name='Code'] => pre:separator('\\n')", "p[style-name='Horizontal Line'] => hr"];
    const { value } = await mammoth.convertToHtml({ buffer: docx }, { styleMap, ignoreEmptyParagraphs: true });
    expect(value).toBe(
      '<h1>Plan</h1><p>Before the quote.</p><blockquote><p>Quoted line one.</p><p>Quoted line two.</p></blockquote>' +
        '<p>☑ Done thing</p><p>☐ Open thing</p><hr /><pre>const a = 1 &lt; 2;<br /><br />&lt;script&gt;alert(1)&lt;/script&gt;</pre><ul><li>after</li></ul>',
    );
  });

  it('keeps hostile attributes out', async () => {
    const doc = normalizeDoc({ type: 'doc', content: [{ type: 'codeBlock', attrs: { language: '"><script>' }, content: [text('x')] }] });
    expect(String(await render('html', doc))).toContain('<pre spellcheck="false"><code>x</code></pre>');
    // A link whose address spells the code block's tags leaves the language where it belongs.
    const link = { type: 'link', attrs: { href: 'https://x.example/<pre spellcheck="false"><code><input type="checkbox"' } };
    const tricky: DocJSON = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [link] }] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('y')] },
      ],
    };
    const html = String(await render('html', tricky));
    expect(html).toContain('href="https://x.example/<pre spellcheck=&quot;false&quot;><code><input type=&quot;checkbox&quot;">a</a>');
    expect(html).toContain('<pre spellcheck="false"><code class="language-ts">y</code></pre>');
  });
});
