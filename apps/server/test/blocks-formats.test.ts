import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from './api-client';
import { publisherWithDocument, type PublisherDocument } from './formats-support';
import { type TestApp } from './harness';

// Quotes, checklists, rules and code carried by every format (docs/PRODUCT.md#export): the download,
// the shared page, the blog and its feed, and the workspace zip. The code block holds markup that must stay text.
const text = (t: string) => ({ type: 'text', text: t });
const p = (t: string) => ({ type: 'paragraph', content: [text(t)] });
const BLOCKS = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Plan')] },
    { type: 'blockquote', content: [p('A quoted line.')] },
    {
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { checked: true }, content: [p('Done thing')] },
        { type: 'taskItem', attrs: { checked: false }, content: [p('Open thing')] },
      ],
    },
    { type: 'horizontalRule' },
    { type: 'codeBlock', attrs: { language: 'html' }, content: [text('<script>alert(1)</script>\nline two')] },
    p('The end.'),
  ],
};
const ESCAPED_CODE = '<pre spellcheck="false"><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;\nline two</code></pre>';

/** The four blocks as every server-rendered page writes them. */
function expectBlocksHtml(html: string): void {
  expect(html).toContain('<blockquote><p>A quoted line.</p></blockquote>');
  expect(html).toMatch(
    /<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" disabled aria-label="Done" checked="checked">/,
  );
  expect(html).toMatch(/<li data-checked="false" data-type="taskItem"><label><input type="checkbox" disabled aria-label="Done">/);
  expect(html).toContain('<hr>');
  expect(html).toContain(ESCAPED_CODE);
  // Only the JSON-LD data block in the head, which no browser runs.
  expect(html).not.toMatch(/<script(?! type="application\/ld\+json">)/i);
}

describe('quotes, checklists, rules and code in every format', () => {
  let t: TestApp;
  let writer: TestUser;
  let fileId: string;
  let download: PublisherDocument['download'];

  beforeAll(async () => {
    ({ t, writer, fileId, download } = await publisherWithDocument({ email: 'blocks-publisher@example.com', filePath: 'Blocks', content: BLOCKS }));
  });
  afterAll(() => t.close());

  it('downloads them as GFM Markdown, plain text, HTML and Word', async () => {
    const md = await download('md');
    expect(md.statusCode, md.body).toBe(200);
    expect(md.body).toContain('> A quoted line.\n\n- [x] Done thing\n- [ ] Open thing\n\n---\n\n```html\n<script>alert(1)</script>\nline two\n```');
    expect((await download('txt')).body).toContain('> A quoted line.\n\n[x] Done thing\n[ ] Open thing\n\n——————————\n\n<script>alert(1)</script>\nline two');
    expectBlocksHtml((await download('html')).body);
    const docx = await download('docx');
    const xml = strFromU8(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml']!);
    expect(xml).toContain('<w:pStyle w:val="Quote"/>');
    expect(xml).toContain('☑ ');
    expect(xml).toContain('<w:pStyle w:val="HorizontalLine"/>');
    expect(xml).toContain('<w:pStyle w:val="Code"/>');
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders them on the shared page, the code as text', async () => {
    const slug = (await writer.call('POST', '/api/shares/create', { fileId })).body.shareSlug as string;
    const page = await t.app.inject({ method: 'GET', url: `/share/${slug}`, remoteAddress: '192.0.2.51' });
    expect(page.statusCode).toBe(200);
    expectBlocksHtml(page.body);
  });

  it('renders them on the blog and carries them in the feed', async () => {
    const draft = { title: 'Blocks post', slug: 'blocks-post', excerpt: 'Every block.', category: 'blog' as const };
    expect((await writer.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, draft)).status).toBe(200);
    const post = await t.app.inject({ method: 'GET', url: '/blog/blocks-post' });
    expect(post.statusCode).toBe(200);
    expectBlocksHtml(post.body);
    const feed = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    const item = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(feed)?.[1] ?? '';
    expect(item).toContain('<blockquote><p>A quoted line.</p></blockquote>');
    expect(item).toContain('<ul data-type="taskList">');
    expect(item).toContain('<hr>');
    expect(item).toContain(ESCAPED_CODE);
  });

  it('writes them into the workspace zip', async () => {
    expect((await writer.call('POST', '/api/workspaces/convert', { fileId })).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/workspaces/${fileId}/export?format=md`, headers: { authorization: `Bearer ${writer.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const master = Object.values(entries).map((bytes) => strFromU8(bytes));
    expect(master.some((md) => md.includes('- [x] Done thing\n- [ ] Open thing') && md.includes('```html\n<script>alert(1)</script>'))).toBe(true);
  });
});
