import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

let t: TestApp;
let me: TestUser;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'files');
});
afterAll(() => t.close());

describe('creating and reading documents', () => {
  it('claims blank documents with free Untitled names', async () => {
    const a = await me.call('POST', '/api/files/claim-blank', { tenantId: me.sub, isRepository: false });
    const b = await me.call('POST', '/api/files/claim-blank', { tenantId: me.sub });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, filename: 'Untitled.txt' });
    expect(a.body.fileId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(b.body.filename).toBe('Untitled 2.txt');
  });

  it('uploads with .txt appended and reads back by path (POST and GET fallback) and by id', async () => {
    const up = await me.call('POST', '/api/files/upload', {
      tenantId: me.sub,
      filePath: ' Essay ',
      content: doc('Hello world'),
      isRepository: true,
      metadata: { authenticity: 'Human' },
    });
    expect(up.status).toBe(200);
    expect(up.body.file).toMatchObject({ name: 'Essay.txt', displayName: 'Essay', filePath: 'Essay.txt', isRepository: true, revision: 1, wordCount: 2 });
    const byPath = await me.call('POST', '/api/files/get', { tenantId: me.sub, filePath: 'Essay.txt' });
    expect(byPath.body.file.content.content[0].content[0].text).toBe('Hello world');
    expect(byPath.body.file.metadata.authenticity).toBe('Human');
    const fallback = await me.call('GET', `/api/files/${enc(me.sub)}/${enc('Essay.txt')}`);
    expect(fallback.body.file.id).toBe(up.body.file.id);
    const byId = await me.call('POST', '/api/files/get', { fileId: up.body.file.id });
    expect(byId.body.file.filePath).toBe('Essay.txt');
  });

  it('accepts plain text, splitting paragraphs at blank lines', async () => {
    const res = await me.call('POST', '/api/files/create', { filePath: 'Plain', content: 'One\ntwo\n\nThree' });
    expect(res.body.file.content.content).toHaveLength(2);
    expect(res.body.file.content.content[0].content.map((n: { type: string }) => n.type)).toEqual(['text', 'hardBreak', 'text']);
  });

  it('refuses documents that do not fit the schema with clear codes', async () => {
    const bad = await me.call('POST', '/api/files/create', { filePath: 'Bad', content: { type: 'doc', content: [{ type: 'script' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_document');
    let deep: object = { type: 'paragraph' };
    for (let i = 0; i < 30; i++) deep = { type: 'bulletList', content: [{ type: 'listItem', content: [deep] }] };
    const tooDeep = await me.call('POST', '/api/files/create', { filePath: 'Deep', content: { type: 'doc', content: [deep] } });
    expect(tooDeep.body.error.code).toBe('document_too_deep');
    const dots = await me.call('POST', '/api/files/create', { filePath: '../etc/passwd', content: 'x' });
    expect(dots.body.error.code).toBe('invalid_path');
  });

  it('answers 404 file_not_found for a missing document', async () => {
    const res = await me.call('POST', '/api/files/get', { filePath: 'Nope.txt' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('file_not_found');
  });
});

describe('saving content never loses data', () => {
  let fileId: string;
  beforeAll(async () => {
    fileId = (await me.call('POST', '/api/files/create', { filePath: 'Saved', content: doc('v1') })).body.file.id;
  });

  it('saves on the current revision and bumps it', async () => {
    const res = await me.call('POST', '/api/files/content-only-update', {
      tenantId: me.sub,
      fileId,
      content: doc('v2 text'),
      baseRevision: 1,
      operationId: 'op-save-0001',
      source: 'autosave',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, saved: true, revision: 2, operationId: 'op-save-0001' });
    expect(res.body.contentSize).toBeGreaterThan(10);
  });

  it('replays the same operationId without a second write', async () => {
    const again = await me.call('POST', '/api/files/content-only-update', { fileId, content: doc('v2 text'), baseRevision: 1, operationId: 'op-save-0001' });
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(2);
    const file = await me.call('POST', '/api/files/get', { fileId });
    expect(file.body.file.revision).toBe(2);
  });

  it('answers a stale save with 409 and the server text', async () => {
    const stale = await me.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('my offline edit'),
      baseRevision: 1,
      operationId: 'op-save-0002',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('revision_conflict');
    expect(stale.body.error.details.currentRevision).toBe(2);
    expect(JSON.stringify(stale.body.error.details.content)).toContain('v2 text');
    const file = await me.call('POST', '/api/files/get', { fileId });
    expect(file.body.file.content.content[0].content[0].text).toBe('v2 text');
  });

  it('answers a stale save of the very text the server holds as saved, writing nothing', async () => {
    const current = await me.call('POST', '/api/files/get', { fileId });
    const resent = await me.call('POST', '/api/files/content-only-update', {
      fileId,
      content: current.body.file.content,
      baseRevision: 1,
      operationId: 'op-save-0002b',
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, revision: 2 });
    const after = await me.call('POST', '/api/files/get', { fileId });
    expect(after.body.file.revision).toBe(2);
  });

  it('does not save blank content and says so', async () => {
    const res = await me.call('POST', '/api/files/content-only-update', {
      fileId,
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
      baseRevision: 2,
      operationId: 'op-save-0003',
    });
    expect(res.body).toMatchObject({ success: true, saved: false, reason: 'blank_content', revision: 2 });
  });

  it('gives concurrent saves on one revision exactly one winner', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        me.call('POST', '/api/files/content-only-update', { fileId, content: doc(`racer ${n}`), baseRevision: 2, operationId: `op-race-000${n}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it('validates the body of a save', async () => {
    const res = await me.call('POST', '/api/files/content-only-update', { fileId, content: doc('x'), operationId: 'op-save-0004' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toContain('baseRevision');
  });
});

describe('listing, paging, sorting and searching', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await newUser(t.app, 'lister');
    for (let i = 0; i < 40; i++) {
      await lister.call('POST', '/api/files/create', { filePath: `Doc ${String(i).padStart(2, '0')}`, content: doc(`text ${i}`) });
    }
    await lister.call('POST', '/api/files/create', { filePath: 'Recipe notes', content: doc('soup'), metadata: { authenticity: 'Human' } });
    await lister.call('POST', '/api/files/create', { filePath: 'Live dictation', content: doc('...'), metadata: { isTranscribing: true } });
    await lister.call('POST', '/api/files/create', { filePath: 'A variant', content: doc('v'), metadata: { masterFileId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } });
    await lister.call('POST', '/api/files/create', { filePath: '__UNASSIGNED__scratch', content: doc('u') });
    await lister.call('POST', '/api/files/create', { filePath: 'drafts/Inside folder', content: doc('f') });
  });

  it('pages through every listed document once, transcribing first, newest next', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/files/list-paged?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await lister.call('GET', url);
      expect(res.status).toBe(200);
      if (pages === 0) expect(res.body.items[0].displayName).toBe('Live dictation');
      seen.push(...res.body.items.map((f: { displayName: string }) => f.displayName));
      cursor = res.body.nextCursor;
      expect(res.body.hasMore).toBe(cursor !== null);
      pages += 1;
    } while (cursor);
    expect(seen).toHaveLength(43);
    expect(new Set(seen).size).toBe(43);
    expect(seen).not.toContain('A variant');
    expect(seen).not.toContain('__UNASSIGNED__scratch');
    expect(seen[1]).toBe('Inside folder');
  });

  it('sorts by name and by tag', async () => {
    const byName = await lister.call('GET', '/api/files/list-paged?limit=5&sort=name');
    expect(byName.body.items.map((f: { displayName: string }) => f.displayName)).toEqual(['Live dictation', 'Doc 00', 'Doc 01', 'Doc 02', 'Doc 03']);
    const byTag = await lister.call('GET', '/api/files/list-paged?limit=2&sort=tag');
    expect(byTag.body.items[1].displayName).toBe('Recipe notes');
  });

  it('refuses a forged cursor', async () => {
    const res = await lister.call('GET', '/api/files/list-paged?cursor=not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_cursor');
  });

  it('finds documents by fuzzy name', async () => {
    const res = await lister.call('GET', `/api/files/search?q=${enc('recipie')}`);
    expect(res.body.items[0].displayName).toBe('Recipe notes');
    const none = await lister.call('GET', '/api/files/search?q=zzzzqqq');
    expect(none.body.items).toEqual([]);
  });

  it('lists everything with derived folders (three list calls)', async () => {
    const a = await lister.call('GET', '/api/files/list');
    const b = await lister.call('POST', '/api/files/list', { tenantId: lister.sub });
    const c = await lister.call('GET', `/api/files/list/${enc(lister.sub)}`);
    expect(a.body.files).toHaveLength(45);
    expect(b.body.files).toHaveLength(45);
    expect(c.body.folders).toEqual([expect.objectContaining({ isFolder: true, filePath: 'drafts', name: 'drafts' })]);
    const inDir = await lister.call('GET', '/api/files/list?directory=drafts');
    expect(inDir.body.files.map((f: { name: string }) => f.name)).toEqual(['Inside folder.txt']);
    expect(a.body.files[0]).not.toHaveProperty('content');
  });
});
