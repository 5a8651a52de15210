import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_LIMITS } from '@bree/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { images } from '../src/modules/images/images.table';
import { newUser, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';
import { docWithImage, picture, pngDeclaring, uploadImage } from './images-support';

let t: TestApp;
let dataDir: string;
let writer: TestUser;
let other: TestUser;
let fileId: string;
let filePath: string;

beforeAll(async () => {
  await resetDatabase(await getTestDatabase());
  dataDir = await mkdtemp(path.join(tmpdir(), 'bree-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(t.database);
  writer = await newUser(t.app, 'writer');
  other = await newUser(t.app, 'other');
  const created = (await writer.call('POST', '/api/files/create', { filePath: 'Pictures', content: 'Text' })).body.file;
  fileId = created.id;
  filePath = created.filePath;
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub } } : {}) });

describe('POST /api/images', () => {
  it('stores a re-encoded image that its owner reads back, and nobody else', async () => {
    const res = await uploadImage(t.app, writer, fileId, await picture(3000, 1000, 'png'));
    expect(res.status).toBe(200);
    const image = res.body.image;
    // The longest side is capped; proportions kept.
    expect(image).toMatchObject({ src: `/api/images/${image.id}`, width: IMAGE_LIMITS.maxSide, height: 800, contentType: 'image/png' });
    expect(image.id).toMatch(/^[0-9A-Za-z_-]{22}$/);

    const read = await get(image.src, writer);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(read.rawPayload.length).toBe(image.bytes);
    expect(await sharp(read.rawPayload).metadata()).toMatchObject({ width: 2400, height: 800, format: 'png' });

    // Another tenant's image is not there for them; without a token there is nothing either.
    expect((await get(image.src, other)).json().error.code).toBe('image_not_found');
    expect((await get(image.src, other)).statusCode).toBe(404);
    expect((await get(image.src)).statusCode).toBe(401);
    expect((await get('/api/images/nope', writer)).statusCode).toBe(400);
  });

  it('turns a JPEG upright and strips its EXIF (camera, place, orientation)', async () => {
    const withExif = await sharp(await picture(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Owner', ImageDescription: 'Taken at home' } } })
      .jpeg()
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await uploadImage(t.app, writer, fileId, withExif, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.body.image).toMatchObject({ contentType: 'image/jpeg', width: 200, height: 300 });
    const stored = (await get(res.body.image.src, writer)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
  });

  it('types an upload by its bytes: a WebP sent as PNG is taken, an SVG and a text file named .png are 415', async () => {
    const webp = await uploadImage(t.app, writer, fileId, await picture(40, 30, 'webp'), { filename: 'x.png', type: 'image/png' });
    expect(webp.body.image).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
    const gif = await uploadImage(t.app, writer, fileId, await picture(40, 30, 'gif'), { filename: 'x.gif', type: 'image/gif' });
    expect(gif.body.image).toMatchObject({ contentType: 'image/png' });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const refusedSvg = await uploadImage(t.app, writer, fileId, svg, { filename: 'x.svg', type: 'image/svg+xml' });
    expect(refusedSvg).toMatchObject({ status: 415, body: { error: { code: 'unsupported_image' } } });
    const text = await uploadImage(t.app, writer, fileId, Buffer.from('not a picture at all\n'), { filename: 'x.png', type: 'image/png' });
    expect(text).toMatchObject({ status: 415, body: { error: { code: 'unsupported_image' } } });
  });

  it('refuses a decompression bomb by its header before decoding (422), and a broken image (422)', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const started = performance.now();
    const res = await uploadImage(t.app, writer, fileId, bomb);
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'image_too_many_pixels', details: { width: 50_000, height: 50_000 } } } });
    // Decoding 7.5 GB of pixels would take far longer (or fail for memory).
    expect(performance.now() - started).toBeLessThan(2000);

    const broken = Buffer.concat([(await picture(50, 50, 'png')).subarray(0, 60)]);
    expect(await uploadImage(t.app, writer, fileId, broken)).toMatchObject({ status: 422, body: { error: { code: 'image_unreadable' } } });
  });

  it('refuses an upload above 10 MB (413 image_too_large) and one past the account limit (413 image_quota_exceeded)', async () => {
    const huge = Buffer.alloc(IMAGE_LIMITS.maxUploadBytes + 1, 1);
    expect(await uploadImage(t.app, writer, fileId, huge)).toMatchObject({ status: 413, body: { error: { code: 'image_too_large' } } });

    // The account already holds all but a few bytes of its limit.
    await t.database.db.insert(images).values({
      id: 'already-stored-0001',
      tenantId: writer.sub,
      fileId,
      storageKey: 'images/already-stored-0001',
      contentType: 'image/png',
      width: 1,
      height: 1,
      bytes: IMAGE_LIMITS.maxAccountBytes - 10,
      createdAt: new Date(),
    });
    const refused = await uploadImage(t.app, writer, fileId, await picture(20, 20));
    expect(refused).toMatchObject({ status: 413, body: { error: { code: 'image_quota_exceeded' } } });
    // Another account is not affected.
    const theirs = (await other.call('POST', '/api/files/create', { filePath: 'Theirs', content: 'x' })).body.file.id;
    expect((await uploadImage(t.app, other, theirs, await picture(20, 20))).status).toBe(200);
  });

  it('lets only one of two uploads at once into the last room of the account (the sum is checked under a lock)', async () => {
    const first = (await uploadImage(t.app, writer, fileId, await picture(64, 64))).body.image;
    const room = Math.floor(first.bytes * 1.5);
    await t.database.db.insert(images).values({
      id: 'already-stored-0002',
      tenantId: writer.sub,
      fileId,
      storageKey: 'images/already-stored-0002',
      contentType: 'image/png',
      width: 1,
      height: 1,
      bytes: IMAGE_LIMITS.maxAccountBytes - first.bytes - room,
      createdAt: new Date(),
    });
    // Two different pictures (the same bytes twice would be one image), each small enough alone.
    const answers = await Promise.all([uploadImage(t.app, writer, fileId, await picture(63, 64)), uploadImage(t.app, writer, fileId, await picture(64, 63))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 413]);
  });

  it('answers the image stored first when the same bytes come again for the same document (a retry), at once or later', async () => {
    const blobs = () =>
      readdir(path.join(dataDir, 'blobs', 'images')).then(
        (names) => names.length,
        () => 0,
      );
    const before = await blobs();
    const bytes = await picture(40, 30);
    const [a, b] = await Promise.all([uploadImage(t.app, writer, fileId, bytes), uploadImage(t.app, writer, fileId, bytes)]);
    const c = await uploadImage(t.app, writer, fileId, bytes);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.image.id, b.body.image.id, c.body.image.id]).size).toBe(1);
    const rows = await t.database.db.select().from(images).where(eq(images.fileId, fileId));
    expect(rows).toHaveLength(1);
    expect(await blobs()).toBe(before + 1);

    // Another document of the writer gets an image of its own (public pages serve it through that one).
    const second = (await writer.call('POST', '/api/files/create', { filePath: 'More pictures', content: 'Text' })).body.file.id;
    const d = await uploadImage(t.app, writer, second, bytes);
    expect(d.status).toBe(200);
    expect(d.body.image.id).not.toBe(a.body.image.id);
    // Other bytes are another image.
    expect((await uploadImage(t.app, writer, fileId, await picture(41, 30))).body.image.id).not.toBe(a.body.image.id);
  });

  it("refuses an image for another tenant's document, an unknown one and a missing file", async () => {
    expect(await uploadImage(t.app, other, fileId, await picture(10, 10))).toMatchObject({ status: 404, body: { error: { code: 'file_not_found' } } });
    expect(await uploadImage(t.app, writer, 'no-such-document', await picture(10, 10))).toMatchObject({ status: 404 });
    const notMultipart = await writer.call('POST', '/api/images', { fileId });
    expect(notMultipart).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } });
  });
});

describe('images of a shared document', () => {
  it('are public under the share page while shared, only when the document shows them, and 404 once sharing stops', async () => {
    const shown = (await uploadImage(t.app, writer, fileId, await picture(30, 30))).body.image;
    const notShown = (await uploadImage(t.app, writer, fileId, await picture(31, 31))).body.image;
    const theirs = (await other.call('POST', '/api/files/create', { filePath: 'Theirs', content: 'x' })).body.file.id;
    const foreign = (await uploadImage(t.app, other, theirs, await picture(32, 32))).body.image;
    const content = docWithImage(shown.src);
    // The writer's text also names the other tenant's image: it is dropped from nothing, but never served.
    content.content.push({ type: 'image', attrs: { src: foreign.src, alt: 'Not mine', caption: '', size: 'full' } });
    const saved = await writer.call('POST', '/api/files/upload', { filePath, content });
    expect(saved.status).toBe(200);
    const slug = (await writer.call('POST', '/api/shares/create', { fileId })).body.shareSlug as string;

    const page = await get(`/share/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="http://localhost:3999/share/${slug}/images/${shown.id}"`);
    expect(page.body).toContain('alt="A red square"');
    expect(page.body).not.toContain('/api/images/');

    const image = await get(`/share/${slug}/images/${shown.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'public, no-cache' });
    expect((await get(`/share/${slug}/images/${notShown.id}`)).statusCode).toBe(404);
    expect((await get(`/share/${slug}/images/${foreign.id}`)).statusCode).toBe(404);

    await writer.call('POST', '/api/shares/disable', { fileId });
    expect((await get(`/share/${slug}/images/${shown.id}`)).statusCode).toBe(404);
    // The owner still has it.
    expect((await get(shown.src, writer)).statusCode).toBe(200);
  });
});

describe('deleting', () => {
  it("removes a document's images when it is deleted for good, keeping those another document shows", async () => {
    const kept = (await uploadImage(t.app, writer, fileId, await picture(30, 30))).body.image;
    const gone = (await uploadImage(t.app, writer, fileId, await picture(31, 31))).body.image;
    await writer.call('POST', '/api/files/create', { filePath: 'Copy', content: docWithImage(kept.src) });
    expect((await writer.call('POST', '/api/files/delete', { filePath })).status).toBe(200);
    // In the Trash it may come back: its images stay.
    expect((await get(gone.src, writer)).statusCode).toBe(200);
    expect((await writer.call('DELETE', `/api/files/${fileId}/forever`)).status).toBe(200);
    expect((await get(gone.src, writer)).statusCode).toBe(404);
    expect((await get(kept.src, writer)).statusCode).toBe(200);
  });
});

describe('hostile requests', () => {
  it('answers a deeply nested JSON body to the upload with a 4xx, never a 500', async () => {
    const deep = `{"fileId":"x","file":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { authorization: `Bearer ${writer.token}`, 'x-tenant-id': writer.sub, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
