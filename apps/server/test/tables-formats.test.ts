import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from './api-client';
import { publisherWithDocument, type PublisherDocument } from './formats-support';
import { type TestApp } from './harness';

// A table carried by every format (docs/PRODUCT.md#export): the download, the shared page, the blog and its
// feed, and the workspace zip. A cell holds a pipe and markup that must stay text; a hostile cell attribute goes.
const text = (t: string) => ({ type: 'text', text: t });
const p = (t: string) => ({ type: 'paragraph', content: [text(t)] });
const cell = (type: string, t: string, attrs?: Record<string, unknown>) => ({ type, ...(attrs ? { attrs } : {}), content: [p(t)] });
const TABLE_DOC = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Budget')] },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Item'), cell('tableHeader', 'Cost')] },
        {
          type: 'tableRow',
          content: [cell('tableCell', 'Paper | ink', { onclick: 'alert(1)', style: 'color:red' }), cell('tableCell', '<script>alert(1)</script>')],
        },
      ],
    },
    p('The end.'),
  ],
};
const TABLE_HTML =
  '<div class="bree-table" tabindex="0"><table><tbody><tr><th><p>Item</p></th><th><p>Cost</p></th></tr>' +
  '<tr><td><p>Paper | ink</p></td><td><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></td></tr></tbody></table></div>';
const TABLE_MD = '| Item | Cost |\n| --- | --- |\n| Paper \\| ink | &lt;script>alert(1)&lt;/script> |';

function expectTableHtml(html: string): void {
  expect(html).toContain(TABLE_HTML);
  expect(html).not.toMatch(/<script>alert|onclick|color:red/i);
}

describe('tables in every format', () => {
  let t: TestApp;
  let writer: TestUser;
  let fileId: string;
  let download: PublisherDocument['download'];

  beforeAll(async () => {
    ({ t, writer, fileId, download } = await publisherWithDocument({ email: 'tables-publisher@example.com', filePath: 'Tables', content: TABLE_DOC }));
  });
  afterAll(() => t.close());

  it('downloads it as a GFM table, plain-text rows, HTML and a Word table with a header row', async () => {
    const md = await download('md');
    expect(md.statusCode, md.body).toBe(200);
    expect(md.body).toContain(TABLE_MD);
    expect((await download('txt')).body).toContain('Budget\n\nItem | Cost\nPaper | ink | <script>alert(1)</script>\n\nThe end.');
    expectTableHtml((await download('html')).body);
    const docx = await download('docx');
    const xml = strFromU8(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml']!);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders it on the shared page, styled to scroll sideways', async () => {
    const slug = (await writer.call('POST', '/api/shares/create', { fileId })).body.shareSlug as string;
    const page = await t.app.inject({ method: 'GET', url: `/share/${slug}`, remoteAddress: '192.0.2.52' });
    expect(page.statusCode).toBe(200);
    expectTableHtml(page.body);
    expect(page.body).toContain('.bree-prose .bree-table{max-width:100%;overflow-x:auto');
  });

  it('renders it on the blog and carries it in the feed', async () => {
    const draft = { title: 'Tables post', slug: 'tables-post', excerpt: 'A table.', category: 'blog' as const };
    expect((await writer.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, draft)).status).toBe(200);
    const post = await t.app.inject({ method: 'GET', url: '/blog/tables-post' });
    expect(post.statusCode).toBe(200);
    expectTableHtml(post.body);
    const feed = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    const item = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(feed)?.[1] ?? '';
    expect(item).toContain(TABLE_HTML);
  });

  it('writes it into the workspace zip', async () => {
    expect((await writer.call('POST', '/api/workspaces/convert', { fileId })).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/workspaces/${fileId}/export?format=md`, headers: { authorization: `Bearer ${writer.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.values(entries).some((bytes) => strFromU8(bytes).includes(TABLE_MD))).toBe(true);
  });
});
