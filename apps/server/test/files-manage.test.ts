import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

let t: TestApp;
let me: TestUser;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'manage');
});
afterAll(() => t.close());

async function create(name: string, extra: Record<string, unknown> = {}) {
  return (await me.call('POST', '/api/files/create', { filePath: name, content: doc(`${name} body`), ...extra })).body.file;
}

describe('rename', () => {
  it('renames path-only, appending .txt and keeping content, revision and metadata', async () => {
    const f = await create('Old name', { metadata: { authenticity: 'AI' } });
    const res = await me.call('POST', '/api/files/rename', { tenantId: me.sub, oldFilePath: 'Old name.txt', newFilePath: 'New name', preserveMetadata: true });
    expect(res.body).toMatchObject({ success: true, oldFilePath: 'Old name.txt', newFilePath: 'New name.txt' });
    const got = await me.call('POST', '/api/files/get', { fileId: f.id });
    expect(got.body.file).toMatchObject({ name: 'New name.txt', revision: 1, metadata: expect.objectContaining({ authenticity: 'AI' }) });
  });

  it('refuses a name that is taken and a blank name', async () => {
    await create('Taken');
    await create('Mover');
    const taken = await me.call('POST', '/api/files/rename', { oldFilePath: 'Mover.txt', newFilePath: 'Taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('path_exists');
    const blank = await me.call('POST', '/api/files/rename', { oldFilePath: 'Mover.txt', newFilePath: '   ' });
    expect(blank.status).toBe(400);
  });
});

describe('delete', () => {
  it('deletes by path (DELETE and POST fallback), then answers 404', async () => {
    await create('Doomed');
    await create('Doomed too');
    expect((await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc('Doomed.txt')}`)).body).toEqual({ success: true });
    expect((await me.call('POST', '/api/files/delete', { tenantId: me.sub, filePath: 'Doomed too.txt' })).body).toEqual({ success: true });
    expect((await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc('Doomed.txt')}`)).status).toBe(404);
  });

  it('refuses to delete a folder', async () => {
    await create('folder/child');
    const res = await me.call('POST', '/api/files/delete', { filePath: 'folder' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Deleting folders is not supported');
  });

  it('bulk-deletes and reports ids it did not find', async () => {
    const a = await create('Bulk A');
    const b = await create('Bulk B');
    const res = await me.call('POST', '/api/files/bulk-delete', { fileIds: [a.id, b.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] });
    expect(res.body.deleted.sort()).toEqual([a.id, b.id].sort());
    expect(res.body.notFound).toEqual(['01ARZ3NDEKTSV4RRFFQ69G5FAV']);
  });
});

describe('tags, repository, metadata, copy and download', () => {
  it('bulk-tags documents and sorts by the tag', async () => {
    const a = await create('Tag A');
    const b = await create('Tag B');
    const res = await me.call('POST', '/api/files/bulk-tag', { fileIds: [a.id, b.id], authenticity: 'AI-Assisted' });
    expect(res.body.updated).toHaveLength(2);
    const got = await me.call('POST', '/api/files/get', { fileId: b.id });
    expect(got.body.file.metadata.authenticity).toBe('AI-Assisted');
    const bad = await me.call('POST', '/api/files/bulk-tag', { fileIds: [a.id], authenticity: 'Robot' });
    expect(bad.status).toBe(400);
  });

  it('moves a document into and out of the repository', async () => {
    await create('Sample');
    const into = await me.call('PATCH', `/api/files/repository/${enc(me.sub)}/${enc('Sample.txt')}`, { isRepository: true });
    expect(into.body.file.isRepository).toBe(true);
    const repo = await me.call('GET', '/api/files/list-paged?view=repository');
    expect(repo.body.items.map((f: { name: string }) => f.name)).toContain('Sample.txt');
    const out = await me.call('PATCH', `/api/files/repository/${enc(me.sub)}/${enc('Sample.txt')}`, { isRepository: false });
    expect(out.body.file.isRepository).toBe(false);
  });

  it('merges metadata and refuses unknown fields', async () => {
    await create('Meta');
    const res = await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc('Meta.txt')}`, { metadata: { authenticity: 'Human', topics: ['craft'] } });
    expect(res.body.file.metadata).toMatchObject({ authenticity: 'Human', topics: ['craft'] });
    const bad = await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc('Meta.txt')}`, { metadata: { evil: true } });
    expect(bad.status).toBe(400);
  });

  it('keeps a word goal in the metadata, merged with the rest, and clears it with null', async () => {
    const f = await create('Goal');
    const url = `/api/files/metadata/${enc(me.sub)}/${enc('Goal.txt')}`;
    await me.call('PATCH', url, { metadata: { authenticity: 'Human' } });
    const set = await me.call('PATCH', url, { metadata: { wordGoal: 1500 } });
    expect(set.status).toBe(200);
    expect(set.body.file.metadata).toMatchObject({ authenticity: 'Human', wordGoal: 1500 });
    const got = await me.call('POST', '/api/files/get', { fileId: f.id });
    expect(got.body.file.metadata.wordGoal).toBe(1500);
    // The content and its revision are not touched.
    expect(got.body.file.revision).toBe(f.revision);
    for (const wordGoal of [0, -5, 2.5, 1_000_001, '100']) {
      expect((await me.call('PATCH', url, { metadata: { wordGoal } })).status).toBe(400);
    }
    const cleared = await me.call('PATCH', url, { metadata: { wordGoal: null } });
    expect(cleared.body.file.metadata.wordGoal).toBeNull();
    expect(cleared.body.file.metadata.authenticity).toBe('Human');
  });

  it('copies a document under a free name', async () => {
    const f = await create('Original');
    const copy = await me.call('POST', '/api/files/copy', { fileId: f.id });
    expect(copy.body.file.name).toBe('Original (copy).txt');
    expect(copy.body.file.id).not.toBe(f.id);
    expect(copy.body.file.content).toEqual(f.content);
  });

  it('downloads the plain text as an attachment', async () => {
    await create('Résumé');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/${enc(me.sub)}/${enc('Résumé.txt')}/download`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9.txt");
    expect(res.body).toBe('Résumé body');
  });

  it('exports Markdown, HTML and DOCX named after the document, and refuses unknown formats', async () => {
    await create('Export me');
    const url = (format: string) => `/api/files/${enc(me.sub)}/${enc('Export me.txt')}/download?format=${format}`;
    const get = (format: string) => t.app.inject({ method: 'GET', url: url(format), headers: { authorization: `Bearer ${me.token}` } });
    const md = await get('md');
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toContain('Export%20me.md');
    expect(md.body).toBe('Export me body\n');
    const html = await get('html');
    expect(html.body).toContain('<p>Export me body</p>');
    const docx = await get('docx');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get('pdf')).statusCode).toBe(400);
  });

  it('keeps only the attributes a writer chooses: a link saved with foreign attributes comes back and downloads without them', async () => {
    const linked = (text: string) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'p1', style: 'position:fixed' },
          content: [
            {
              type: 'text',
              text,
              marks: [
                { type: 'link', attrs: { href: 'https://example.com/', class: 'fixed inset-0 z-50', style: 'opacity:0', target: '_top', rel: 'opener' } },
              ],
            },
          ],
        },
      ],
    });
    const created = await me.call('POST', '/api/files/create', { filePath: 'Linked', content: linked('first') });
    const fileId = created.body.file.id as string;
    const saved = await me.call('POST', '/api/files/content-only-update', { fileId, content: linked('second'), baseRevision: 1, operationId: 'op-linked-01' });
    expect(saved.status).toBe(200);
    const read = await me.call('POST', '/api/files/get', { fileId });
    const paragraph = read.body.file.content.content[0];
    expect(paragraph.attrs).toEqual({ id: 'p1', isFirstParagraph: null });
    expect(paragraph.content[0].marks[0].attrs).toEqual({
      href: 'https://example.com/',
      target: '_blank',
      rel: 'noopener noreferrer',
      class: null,
      title: null,
    });
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/files/${enc(me.sub)}/${enc('Linked.txt')}/download?format=html`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(html.body).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com/">second</a>');
    expect(html.body).not.toMatch(/class=|style=|_top|opener"/);
  });

  it('downloads lists as "- " and "1. " lines in Markdown and text, and HTML without block ids', async () => {
    const item = (id: string, text: string) => ({
      type: 'listItem',
      attrs: { id },
      content: [{ type: 'paragraph', attrs: { id: `${id}p` }, content: [{ type: 'text', text }] }],
    });
    const content = {
      type: 'doc',
      content: [
        { type: 'bulletList', attrs: { id: 'b1' }, content: [item('i1', 'one'), item('i2', 'two')] },
        { type: 'orderedList', attrs: { id: 'o1', start: 1 }, content: [item('i3', 'first')] },
      ],
    };
    await me.call('POST', '/api/files/create', { filePath: 'Lists', content });
    const get = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/files/${enc(me.sub)}/${enc('Lists.txt')}/download?format=${format}`,
        headers: { authorization: `Bearer ${me.token}` },
      });
    expect((await get('md')).body).toBe('- one\n- two\n\n1. first\n');
    expect((await get('txt')).body).toBe('- one\n- two\n\n1. first');
    const html = (await get('html')).body;
    expect(html).toContain('<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol>');
    expect(html).not.toContain('data-id');
  });

  it('syncs a document by path with a ULID', async () => {
    const first = await me.call('POST', '/api/files/sync-ulid', { tenantId: me.sub, filePath: 'Synced', content: doc('one'), options: {} });
    expect(first.body).toMatchObject({ success: true, created: true, filePath: 'Synced.txt', revision: 1 });
    const second = await me.call('POST', '/api/files/sync-ulid', { filePath: 'Synced.txt', content: doc('two') });
    expect(second.body).toMatchObject({ created: false, fileId: first.body.fileId, revision: 2 });
  });
});
