import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_READ_LIMIT } from '../src/modules/shares/shares.routes';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Sharing through the API (docs/PRODUCT.md#sharing): on, status, a new slug, off, and the public read by slug. */
describe('sharing a document', () => {
  let t: TestApp;
  let me: TestUser;
  let stranger: TestUser;
  let fileId: string;

  /** An anonymous reader: no token, no tenant, an address of its own so rate limits stay apart. */
  const read = (slug: string, remoteAddress = '198.51.100.1') => t.app.inject({ method: 'GET', url: `/api/shares/${encodeURIComponent(slug)}`, remoteAddress });
  const page = (slug: string, remoteAddress = '198.51.100.2') => t.app.inject({ method: 'GET', url: `/share/${encodeURIComponent(slug)}`, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    me = await newUser(t.app, 'author');
    stranger = await newUser(t.app, 'stranger');
    const created = await me.call('POST', '/api/files/create', {
      filePath: 'Field notes',
      content: doc('The heron waited by the reeds all morning.', 'Second paragraph.'),
    });
    fileId = created.body.file.id;
    await me.call('PATCH', `/api/files/metadata/${encodeURIComponent(me.sub)}/${encodeURIComponent('Field notes.txt')}`, {
      metadata: { authenticity: 'Human' },
    });
  });
  afterAll(() => t.close());

  it('starts unshared', async () => {
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body).toEqual({ isShared: false, shareUrl: null, shareSlug: null, viewCount: 0 });
  });

  it('switches on with an unguessable URL-safe slug and answers the same link to a second switch-on', async () => {
    const on = await me.call('POST', '/api/shares/create', { fileId });
    expect(on.status).toBe(200);
    const { shareSlug, shareUrl } = on.body;
    // 24 base64url characters carry 144 random bits.
    expect(shareSlug).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(shareUrl).toBe(`http://localhost:3999/share/${shareSlug}`);
    expect((await me.call('POST', '/api/shares/create', { fileId })).body).toEqual(on.body);
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body).toEqual({ isShared: true, shareUrl, shareSlug, viewCount: 0 });
    await me.call('POST', '/api/shares/disable', { fileId });
  });

  it('never hands out the same slug twice', async () => {
    const seen = new Set<string>([(await me.call('POST', '/api/shares/create', { fileId })).body.shareSlug]);
    for (let i = 0; i < 4; i += 1) seen.add((await me.call('POST', '/api/shares/regenerate-slug', { fileId })).body.shareSlug);
    expect(seen.size).toBe(5);
    await me.call('POST', '/api/shares/disable', { fileId });
  });

  it('lets anyone without an account read the shared document, and nothing else of it', async () => {
    const { shareSlug } = (await me.call('POST', '/api/shares/create', { fileId })).body;
    const res = await read(shareSlug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      data: {
        metadata: { title: 'Field notes', wordCount: 10, authenticity: 'Human', lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        shareInfo: { createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      },
    });
    expect(body.data.content.content[0].content[0].text).toBe('The heron waited by the reeds all morning.');
    // The public answer carries no tenant, file id or path.
    expect(JSON.stringify(body)).not.toContain(me.sub);
    expect(JSON.stringify(body)).not.toContain(fileId);
  });

  it('makes the old link answer 404 at once when the slug is regenerated, and the new one work', async () => {
    const before = (await me.call('GET', `/api/shares/status/${fileId}`)).body;
    const renewed = await me.call('POST', '/api/shares/regenerate-slug', { fileId });
    expect(renewed.status).toBe(200);
    expect(renewed.body.shareSlug).not.toBe(before.shareSlug);
    expect(renewed.body.shareUrl).toBe(`http://localhost:3999/share/${renewed.body.shareSlug}`);
    expect((await read(before.shareSlug)).statusCode).toBe(404);
    expect((await page(before.shareSlug)).statusCode).toBe(404);
    expect((await read(renewed.body.shareSlug)).statusCode).toBe(200);
    expect((await page(renewed.body.shareSlug)).statusCode).toBe(200);
  });

  it('answers a switched-off slug exactly like one that never existed', async () => {
    const { shareSlug } = (await me.call('GET', `/api/shares/status/${fileId}`)).body;
    expect((await me.call('POST', '/api/shares/disable', { fileId })).body).toEqual({ success: true });
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body).toMatchObject({ isShared: false, shareSlug: null });
    const disabled = await read(shareSlug);
    const neverWas = await read('AAAAAAAAAAAAAAAAAAAAAAAA');
    const garbage = await read('not a slug at all');
    for (const res of [disabled, neverWas, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'share_not_found', message: 'Document not found or sharing disabled' } });
    }
    const [a, b] = [await page(shareSlug), await page('AAAAAAAAAAAAAAAAAAAAAAAA')];
    expect(a.statusCode).toBe(404);
    expect(a.body).toBe(b.body);
  });

  it('refuses a new slug for a document that is not shared', async () => {
    const res = await me.call('POST', '/api/shares/regenerate-slug', { fileId });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('share_not_found');
  });

  it('counts server-rendered views, restarting when sharing is switched on again', async () => {
    const { shareSlug } = (await me.call('POST', '/api/shares/create', { fileId })).body;
    await page(shareSlug);
    await page(shareSlug, '198.51.100.3'); // another reader (the same one again would not count: share-views.test.ts)
    await read(shareSlug); // the SPA's read is not a page view: it follows a page the reader already has
    await t.app.inject({ method: 'HEAD', url: `/share/${shareSlug}`, remoteAddress: '198.51.100.2' }); // nor is a link checker's HEAD
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body.viewCount).toBe(2);
    await me.call('POST', '/api/shares/disable', { fileId });
    await me.call('POST', '/api/shares/create', { fileId });
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body.viewCount).toBe(0);
  });

  it('stops sharing a document moved to the Trash', async () => {
    const other = (await me.call('POST', '/api/files/create', { filePath: 'Binned', content: doc('going away') })).body.file.id;
    const { shareSlug } = (await me.call('POST', '/api/shares/create', { fileId: other })).body;
    expect((await read(shareSlug)).statusCode).toBe(200);
    expect((await me.call('POST', '/api/files/delete', { filePath: 'Binned.txt' })).status).toBe(200);
    expect((await read(shareSlug)).statusCode).toBe(404);
    expect((await me.call('GET', `/api/shares/status/${other}`)).status).toBe(404);
  });

  it("answers 404 to another tenant on every route that names the author's document, and changes nothing", async () => {
    const status = (await me.call('GET', `/api/shares/status/${fileId}`)).body;
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/shares/create', { fileId }],
      ['GET', `/api/shares/status/${fileId}`],
      ['POST', '/api/shares/disable', { fileId }],
      ['POST', '/api/shares/regenerate-slug', { fileId }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await stranger.call(method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error.code, `${method} ${url}`).toBe('file_not_found');
    }
    expect((await stranger.call('POST', '/api/shares/create', { tenantId: me.sub, fileId })).status).toBe(403);
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body).toEqual(status);
  });

  it('answers 400 naming the field for a missing or oversized fileId', async () => {
    const missing = await me.call('POST', '/api/shares/create', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'validation_failed', details: { fields: ['fileId'] } });
    expect((await me.call('POST', '/api/shares/disable', { fileId: 'x'.repeat(65) })).body.error.code).toBe('validation_failed');
  });

  it('answers 401 to the author routes without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shares/create', payload: { fileId } });
    expect(res.statusCode).toBe(401);
  });

  it('limits reads per address: 429 rate_limited with Retry-After, while another address still reads', async () => {
    const { shareSlug } = (await me.call('GET', `/api/shares/status/${fileId}`)).body;
    const address = '203.0.113.9';
    for (let i = 0; i < SHARE_READ_LIMIT.max; i += 1) expect((await read(shareSlug, address)).statusCode).toBe(200);
    const refused = await read(shareSlug, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await read(shareSlug, '203.0.113.10')).statusCode).toBe(200);
  });

  it('limits the server-rendered page per address too', async () => {
    const { shareSlug } = (await me.call('GET', `/api/shares/status/${fileId}`)).body;
    const view = () => t.app.inject({ method: 'GET', url: `/share/${shareSlug}`, remoteAddress: '203.0.113.20' });
    for (let i = 0; i < SHARE_READ_LIMIT.max; i += 1) expect((await view()).statusCode).toBe(200);
    const refused = await view();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // One reader reading again and again is one view; a refused request is none.
    expect((await me.call('GET', `/api/shares/status/${fileId}`)).body.viewCount).toBe(1);
  });
});
