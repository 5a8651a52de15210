import { validateDoc, type DocJSON } from '@bree/editor';
import JSZip from 'jszip';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportDocument, type ExportFormat } from './files.export';

// Text a writer may type (or paste) that would be live markup if an export let it through.
const HOSTILE_TEXT = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '</p><iframe src="https://evil.example"></iframe>',
  '<!-- comment --> and <?php echo 1; ?>',
  '&lt;b&gt;entity&lt;/b&gt; &#60;svg onload=alert(1)&#62;',
  '[click](javascript:alert(1)) and ![x](x onerror=alert(1))',
  'Plain a < b && c > d stays readable.',
];

const hostileDoc: DocJSON = {
  type: 'doc',
  content: [
    ...HOSTILE_TEXT.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
    {
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'a link',
          marks: [
            {
              type: 'link',
              attrs: { href: 'https://example.com/', class: 'fixed inset-0 z-50', style: 'opacity:0', target: '_top', rel: 'opener', title: 't' },
            },
          ],
        },
      ],
    },
  ],
};

const render = async (doc: DocJSON, format: ExportFormat) => (await exportDocument(doc, { title: '<b>T</b>', format })).body;
const markdownAsHtml = (md: string) => new Marked({ gfm: true }).parse(md, { async: false });

describe('exports are inert', () => {
  for (const [label, doc] of [
    ['as stored before validation', hostileDoc],
    ['as validated by the server', validateDoc(hostileDoc).toJSON() as DocJSON],
  ] as const) {
    describe(label, () => {
      it('Markdown: text that looks like HTML renders as text, never as an element', async () => {
        const html = markdownAsHtml(String(await render(doc, 'md')));
        expect(html).not.toMatch(/<(img|script|iframe|svg)\b/i);
        expect(html).not.toMatch(/<!--|<\?php/);
        expect(html).not.toMatch(/href="javascript:/i);
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
        expect(html).toContain('a &lt; b &amp;&amp; c &gt; d');
      });

      it('HTML: only whitelisted attributes, links open without the opener', async () => {
        const html = String(await render(doc, 'html'));
        expect(html).not.toMatch(/<(img|script|iframe|svg)\b/i);
        expect(html).not.toMatch(/<[^>]*\s(class|style|on\w+|title)=[^>]*>/i);
        expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com/">a link</a>');
        expect(html).toContain('<title>&lt;b&gt;T&lt;/b&gt;</title>');
      });

      it('plain text keeps the characters as typed', async () => {
        const text = String(await render(doc, 'txt'));
        for (const line of HOSTILE_TEXT) expect(text).toContain(line);
      });

      it('Word: the text is text runs, and the link target is the allowed href only', async () => {
        const zip = await JSZip.loadAsync(await render(doc, 'docx'));
        const body = await zip.file('word/document.xml')!.async('string');
        expect(body).not.toMatch(/<(img|script|iframe)\b/i);
        expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
        const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
        expect(rels).toContain('Target="https://example.com/"');
        expect(rels).not.toMatch(/javascript:/i);
      });
    });
  }

  // A bare URL becomes a GFM autolink that takes the following '">' into itself, so that line's
  // text cannot come back exactly (it stays inert, as the tests above check).
  it('Markdown keeps the hostile text exactly through the GFM reader Bree imports with', async () => {
    const html = markdownAsHtml(String(await render(hostileDoc, 'md')));
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    for (const line of HOSTILE_TEXT.filter((l) => !l.includes('://'))) expect(text).toContain(line);
  });
});
