import { describe, expect, it } from 'vitest';
import { docToHtml, docToMarkdown, exportDocument } from './files.export';

const sample = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Chapter' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' and ' },
        { type: 'text', text: 'italic', marks: [{ type: 'italic' }] },
        { type: 'text', text: ', ' },
        { type: 'text', text: 'under', marks: [{ type: 'underline' }] },
        { type: 'text', text: ', ' },
        { type: 'text', text: 'gone', marks: [{ type: 'strike' }] },
        { type: 'text', text: ', ' },
        { type: 'text', text: 'x=1', marks: [{ type: 'code' }] },
        { type: 'text', text: ', ' },
        { type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }] },
    { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'first' }] }] }] },
  ],
};

describe('export', () => {
  it('renders HTML from the schema', () => {
    const html = docToHtml(sample);
    expect(html).toContain('<h2>Chapter</h2>');
    expect(html).toMatch(/<strong>Bold<\/strong>/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.com"/);
    expect(html).toContain('<ul><li><p>one</p></li></ul>');
  });

  it('renders Markdown with headings, marks, links and lists', () => {
    const md = docToMarkdown(sample);
    expect(md).toContain('## Chapter');
    expect(md).toContain('**Bold**');
    expect(md).toContain('*italic*');
    expect(md).toContain('~~gone~~');
    expect(md).toContain('<u>under</u>');
    expect(md).toContain('`x=1`');
    expect(md).toContain('[site](https://example.com)');
    expect(md).toMatch(/^-\s+one$/m);
    expect(md).toMatch(/^1\.\s+first$/m);
  });

  it('makes a real DOCX (a zip holding word/document.xml with the text)', async () => {
    const file = await exportDocument(sample, { title: 'Sample', format: 'docx' });
    const body = file.body as Buffer;
    expect(body.subarray(0, 2).toString()).toBe('PK');
    expect(file.contentType).toContain('wordprocessingml');
    expect(file.extension).toBe('docx');
  });

  it('escapes the title of a standalone HTML file', async () => {
    const file = await exportDocument(sample, { title: '<script>x</script>', format: 'html' });
    expect(String(file.body)).toContain('<title>&lt;script&gt;x&lt;/script&gt;</title>');
  });
});
