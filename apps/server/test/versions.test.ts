import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'versions');
});
afterAll(() => t.close());

describe('version history', () => {
  it('takes a version on the first save, at most one per 5 minutes while editing', async () => {
    const f = (await me.call('POST', '/api/files/create', { filePath: 'History', content: doc('first') })).body.file;
    await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('second draft'), baseRevision: 1, operationId: 'hist-op-1' });
    await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('third draft'), baseRevision: 2, operationId: 'hist-op-2' });
    const list = await me.call('GET', `/api/versions/list?tenantId=${me.sub}&fileId=${f.id}`);
    expect(list.status).toBe(200);
    expect(list.body.versions).toHaveLength(1);
    expect(list.body.versions[0]).toMatchObject({ reason: 'autosave', revision: 2, wordCount: 2, preview: 'second draft' });
  });

  it('takes a version when the user leaves, and restores it as a new revision keeping history', async () => {
    const f = (await me.call('POST', '/api/files/create', { filePath: 'Restorable', content: doc('original words here') })).body.file;
    const left = await me.call('POST', '/api/versions/create', { fileId: f.id, reason: 'leave' });
    expect(left.body.version).toMatchObject({ reason: 'leave', revision: 1, wordCount: 3 });
    await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('rewritten'), baseRevision: 1, operationId: 'rest-op-1' });

    const restored = await me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, { versionId: left.body.version.id });
    expect(restored.status).toBe(200);
    expect(restored.body.revision).toBe(3);
    const file = await me.call('POST', '/api/files/get', { fileId: f.id });
    expect(file.body.file.content.content[0].content[0].text).toBe('original words here');

    const list = await me.call('GET', `/api/versions/list?fileId=${f.id}`);
    const reasons = list.body.versions.map((v: { reason: string }) => v.reason);
    expect(reasons).toEqual(expect.arrayContaining(['before-restore', 'autosave', 'leave']));
    const before = list.body.versions.find((v: { reason: string }) => v.reason === 'before-restore');
    const preview = await me.call('GET', `/api/versions/get?fileId=${f.id}&versionId=${before.id}`);
    expect(preview.body.version.content.content[0].content[0].text).toBe('rewritten');
  });

  it('keeps a conflicting text the client hands over', async () => {
    const f = (await me.call('POST', '/api/files/create', { filePath: 'Conflicted', content: doc('server') })).body.file;
    const kept = await me.call('POST', '/api/versions/create', { fileId: f.id, reason: 'conflict', content: doc('my local text') });
    expect(kept.body.version).toMatchObject({ reason: 'conflict', preview: 'my local text' });
  });

  it('answers 404 for an unknown version', async () => {
    const f = (await me.call('POST', '/api/files/create', { filePath: 'Lonely', content: doc('x') })).body.file;
    const res = await me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, { versionId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('version_not_found');
  });
});
