import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVerifiedUser, onApp, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';
import { docWithImage, picture, uploadImage } from './images-support';

// A post's images on /blog and in its feed: public only while the post is published (docs/IMAGES.md "Public pages").
describe('images of a published post', () => {
  let t: TestApp;
  let dataDir: string;
  let writer: TestUser;

  beforeAll(async () => {
    // The publishing tenant is named by id, so its account exists before the Bree that names it (as in publishing.test.ts).
    await resetDatabase(await getTestDatabase());
    dataDir = await mkdtemp(path.join(tmpdir(), 'bree-images-public-'));
    const setup = await createTestApp({ DATA_DIR: dataDir });
    const account = await newVerifiedUser(setup, 'images-publisher@example.com');
    await setup.close();
    t = await createTestApp({ DATA_DIR: dataDir, ADMIN_EMAILS: 'images-publisher@example.com', PUBLISHING_TENANT: account.sub });
    writer = onApp(t.app, account);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on the post and in RSS while published, and 404 once unpublished', async () => {
    const created = (await writer.call('POST', '/api/files/create', { filePath: 'Post with a picture', content: 'x' })).body.file;
    const image = (await uploadImage(t.app, writer, created.id, await picture(60, 40, 'jpeg'), { filename: 'p.jpg', type: 'image/jpeg' })).body.image;
    expect((await writer.call('POST', '/api/files/upload', { filePath: created.filePath, content: docWithImage(image.src) })).status).toBe(200);
    const draft = { title: 'Pictured', slug: 'pictured', excerpt: 'With a picture.', category: 'blog' as const };
    expect((await writer.call('POST', `/api/admin/publishing/documents/${created.id}/publish`, draft)).status).toBe(200);

    const post = await t.app.inject({ method: 'GET', url: '/blog/pictured' });
    expect(post.body).toContain(`src="http://localhost:3999/blog/pictured/images/${image.id}"`);
    const feed = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    expect(feed).toContain(`http://localhost:3999/blog/pictured/images/${image.id}`);

    const served = await t.app.inject({ method: 'GET', url: `/blog/pictured/images/${image.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/jpeg', etag: `"${image.id}"`, 'cross-origin-resource-policy': 'cross-origin' });
    const again = await t.app.inject({ method: 'GET', url: `/blog/pictured/images/${image.id}`, headers: { 'if-none-match': `"${image.id}"` } });
    expect(again.statusCode).toBe(304);
    // The same image under the other category, or under a slug that names no post, is not there.
    expect((await t.app.inject({ method: 'GET', url: `/updates/pictured/images/${image.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/blog/nothing-here/images/${image.id}` })).statusCode).toBe(404);

    expect((await writer.call('POST', `/api/admin/publishing/documents/${created.id}/unpublish`, {})).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/blog/pictured/images/${image.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/blog/pictured/images/${image.id}`, headers: { 'if-none-match': `"${image.id}"` } })).statusCode).toBe(
      404,
    );
  });
});
