import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, newVerifiedUser, onApp, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const draft = { title: 'Hello, Readers!', slug: 'hello-readers', excerpt: 'The first post.', category: 'blog' as const };

describe('publishing a document to /blog and /updates', () => {
  let t: TestApp;
  let publisher: TestUser;
  let otherAdmin: TestUser;
  let fileId: string;

  beforeAll(async () => {
    // The publishing tenant is named by id, so its account exists before the Bree that names it.
    // Emptied first: the issuer's keys live in the database, and both Brees here must share them.
    await resetDatabase(await getTestDatabase());
    const setup = await createTestApp();
    const account = await newVerifiedUser(setup, 'publisher@example.com');
    const other = await newVerifiedUser(setup, 'other-admin@example.com');
    await setup.close();
    t = await createTestApp({ ADMIN_EMAILS: 'publisher@example.com,other-admin@example.com', PUBLISHING_TENANT: account.sub });
    publisher = onApp(t.app, account);
    otherAdmin = onApp(t.app, other);
    const created = await publisher.call('POST', '/api/files/create', {
      filePath: 'Launch notes',
      content: doc('We are live today, with a new editor for everyone.', 'Second <b> paragraph.'),
    });
    expect(created.body).toMatchObject({ file: { id: expect.any(String) } });
    fileId = created.body.file.id;
  });
  afterAll(() => t.close());

  it('tells the publishing tenant it may publish, and refuses every other administrator', async () => {
    expect((await publisher.call('GET', '/api/users/access')).body).toEqual({ isAdmin: true, canPublish: true, publishingTenantSet: true });
    // Another administrator learns that PUBLISHING_TENANT names someone else (the page says so); a writer learns nothing.
    expect((await otherAdmin.call('GET', '/api/users/access')).body).toEqual({ isAdmin: true, canPublish: false, publishingTenantSet: true });
    const writer = await newUser(t.app, 'publishing-writer');
    expect((await writer.call('GET', '/api/users/access')).body).toEqual({ isAdmin: false, canPublish: false, publishingTenantSet: false });
    const refused = await otherAdmin.call('GET', '/api/admin/publishing/documents');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('publishing_not_allowed');
    expect((await otherAdmin.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, draft)).status).toBe(403);
  });

  it('lists eligible documents, newest first, leaving out workspaces and their variants', async () => {
    const master = await publisher.call('POST', '/api/files/create', { filePath: 'Workspace master', content: doc('master words') });
    expect((await publisher.call('POST', '/api/workspaces/convert', { fileId: master.body.file.id })).status).toBe(200);
    const newer = await publisher.call('POST', '/api/files/create', { filePath: 'Newest note', content: doc('fresh words') });
    const res = await publisher.call('GET', '/api/admin/publishing/documents');
    expect(res.status).toBe(200);
    const names = res.body.items.map((d: { name: string }) => d.name);
    expect(names).toEqual(['Newest note', 'Launch notes']);
    expect(res.body.items[1]).toMatchObject({ fileId, post: null, wordCount: expect.any(Number) });
    await publisher.call('POST', '/api/files/bulk-delete', { fileIds: [newer.body.file.id] });
    const preview = await publisher.call('GET', `/api/admin/publishing/documents/${fileId}/preview`);
    expect(preview.body).toMatchObject({ name: 'Launch notes', content: { type: 'doc' } });
  });

  it('saves a draft that readers cannot see yet', async () => {
    const saved = await publisher.call('PUT', `/api/admin/publishing/documents/${fileId}/draft`, draft);
    expect(saved.status).toBe(200);
    expect(saved.body.post).toMatchObject({ ...draft, status: 'draft', publishedAt: null, url: null });
    const page = await t.app.inject({ method: 'GET', url: '/blog/hello-readers' });
    expect(page.statusCode).toBe(404);
  });

  it('publishes: anyone reads the post at /blog/{slug} as real HTML with its metadata, on the list and in the feed', async () => {
    const res = await publisher.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, draft);
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ status: 'published', url: 'http://localhost:3999/blog/hello-readers' });

    const page = await t.app.inject({ method: 'GET', url: '/blog/hello-readers' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Hello, Readers! | Bree</title>');
    expect(page.body).toContain('<meta name="description" content="The first post.">');
    expect(page.body).toContain('<meta property="og:title" content="Hello, Readers!">');
    expect(page.body).toContain('We are live today, with a new editor for everyone.');
    expect(page.body).toContain('Second &lt;b&gt; paragraph.');
    // Only the JSON-LD data block, which no browser runs.
    expect(page.body).not.toMatch(/<script(?! type="application\/ld\+json">)/i);

    const list = await t.app.inject({ method: 'GET', url: '/blog' });
    expect(list.body).toContain('<a href="/blog/hello-readers">Hello, Readers!</a>');
    expect((await t.app.inject({ method: 'GET', url: '/updates' })).body).not.toContain('hello-readers');
    expect((await t.app.inject({ method: 'GET', url: '/updates/hello-readers' })).statusCode).toBe(404);

    const feed = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(feed.body).toContain('<link>http://localhost:3999/blog/hello-readers</link>');
    expect(feed.body).toContain('Hello, Readers!');
  });

  it('keeps the published text until published again', async () => {
    const file = await publisher.call('POST', '/api/files/get', { filePath: 'Launch notes.txt' });
    await publisher.call('POST', '/api/files/content-only-update', {
      fileId,
      // Accepted from the AI: marked in Bree, never on the public post (docs/PROVENANCE.md).
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'A rewrite nobody should see yet.',
                marks: [{ type: 'aiProvenance', attrs: { operationId: 'op-post', action: 'modify', tier: 'fast', at: '2026-11-20T09:00:00Z' } }],
              },
            ],
          },
        ],
      },
      baseRevision: file.body.file.revision,
      operationId: 'publish-edit-1',
    });
    expect((await t.app.inject({ method: 'GET', url: '/blog/hello-readers' })).body).not.toContain('A rewrite nobody');
    await publisher.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, draft);
    const page = (await t.app.inject({ method: 'GET', url: '/blog/hello-readers' })).body;
    expect(page).toContain('A rewrite nobody');
    const feed = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    expect(feed).toContain('A rewrite nobody');
    const stored = await t.database.query<{ content: unknown }>('select content from publishing_posts where file_id = $1', [fileId]);
    for (const text of [page, feed, JSON.stringify(stored)]) expect(text).not.toMatch(/aiProvenance|data-ai-|bree-ai-text|op-post/);
  });

  it('refuses a slug another post of the category has, and bad drafts, with stable codes', async () => {
    const second = await publisher.call('POST', '/api/files/create', { filePath: 'Another', content: doc('other words') });
    const taken = await publisher.call('PUT', `/api/admin/publishing/documents/${second.body.file.id}/draft`, draft);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slug_taken');
    // The same slug in the other category is free.
    expect((await publisher.call('PUT', `/api/admin/publishing/documents/${second.body.file.id}/draft`, { ...draft, category: 'updates' })).status).toBe(200);
    for (const bad of [
      { ...draft, slug: 'Has Spaces' },
      { ...draft, title: '  ' },
      { ...draft, category: 'news' },
    ]) {
      const res = await publisher.call('PUT', `/api/admin/publishing/documents/${second.body.file.id}/draft`, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const missing = await publisher.call('PUT', '/api/admin/publishing/documents/no-such-file/draft', draft);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('document_not_publishable');
  });

  it("never publishes another tenant's document", async () => {
    const stranger = await newUser(t.app, 'stranger');
    const theirs = await stranger.call('POST', '/api/files/create', { filePath: 'Private', content: doc('private words') });
    const res = await publisher.call('POST', `/api/admin/publishing/documents/${theirs.body.file.id}/publish`, { ...draft, slug: 'private' });
    expect(res.status).toBe(404);
    expect((await publisher.call('GET', `/api/admin/publishing/documents/${theirs.body.file.id}/preview`)).status).toBe(404);
  });

  it('unpublishes: the post is gone from its page, the list and the feed at once', async () => {
    const res = await publisher.call('POST', `/api/admin/publishing/documents/${fileId}/unpublish`, {});
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ status: 'draft', url: null });
    const page = await t.app.inject({ method: 'GET', url: '/blog/hello-readers' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Post not found');
    expect((await t.app.inject({ method: 'GET', url: '/blog' })).body).not.toContain('hello-readers');
    expect((await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).not.toContain('hello-readers');
    const again = await publisher.call('POST', `/api/admin/publishing/documents/${fileId}/unpublish`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('not_published');
  });
});
