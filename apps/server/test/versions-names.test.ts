import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

// Named versions (docs/PRODUCT.md#versions): 'Name this version', renaming, the name's rules,
// tenancy, thinning that never removes a named version, and a restore that keeps the current text.
let t: TestApp;
let me: TestUser;
let other: TestUser;
// The services' clock: thinning is tried days later without waiting.
let clock = new Date('2026-06-01T10:00:00Z');
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await resetDatabase(t.database);
  me = await newUser(t.app, 'names');
  other = await newUser(t.app, 'names-other');
});
afterAll(() => t.close());

async function newDoc(user: TestUser, name: string, text: string): Promise<string> {
  const res = await user.call('POST', '/api/files/create', { filePath: name, content: doc(text) });
  expect(res.status).toBe(200);
  return res.body.file.id as string;
}

async function listOf(user: TestUser, fileId: string): Promise<{ id: string; name: string | null; reason: string; preview: string }[]> {
  const res = await user.call('GET', `/api/versions/list?fileId=${fileId}`);
  expect(res.status).toBe(200);
  return res.body.versions;
}

describe('named versions', () => {
  it("'Name this version' keeps the editor's current text as a named version, its name trimmed", async () => {
    const fileId = await newDoc(me, 'Named', 'saved words');
    const res = await me.call('POST', '/api/versions/name', { fileId, name: '  First draft  ', content: doc('words not saved yet') });
    expect(res.status).toBe(200);
    expect(res.body.version).toMatchObject({ name: 'First draft', reason: 'named', preview: 'words not saved yet' });
    expect(await listOf(me, fileId)).toEqual([expect.objectContaining({ id: res.body.version.id, name: 'First draft', reason: 'named' })]);

    // Without the editor's text, the saved document is what is named.
    const saved = await me.call('POST', '/api/versions/name', { fileId, name: 'As saved' });
    expect(saved.body.version).toMatchObject({ name: 'As saved', preview: 'saved words' });
  });

  it('names and renames any version of the list', async () => {
    const fileId = await newDoc(me, 'Renamed', 'some text');
    const taken = (await me.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version;
    expect(taken.name).toBeNull();
    const named = await me.call('POST', '/api/versions/name', { fileId, versionId: taken.id, name: 'Before the cuts' });
    expect(named.status).toBe(200);
    expect(named.body.version).toMatchObject({ id: taken.id, name: 'Before the cuts', reason: 'manual', preview: 'some text' });
    await me.call('POST', '/api/versions/name', { fileId, versionId: taken.id, name: 'Sent to the editor' });
    expect((await listOf(me, fileId)).map((v) => v.name)).toEqual(['Sent to the editor']);
    const got = await me.call('GET', `/api/versions/get?fileId=${fileId}&versionId=${taken.id}`);
    expect(got.body.version.name).toBe('Sent to the editor');
  });

  it("refuses an empty name or one longer than 80 characters with 'version_name_invalid'", async () => {
    const fileId = await newDoc(me, 'Bad names', 'text');
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const res = await me.call('POST', '/api/versions/name', { fileId, name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error.code).toBe('version_name_invalid');
    }
    const longest = await me.call('POST', '/api/versions/name', { fileId, name: ` ${'é'.repeat(80)} ` });
    expect(longest.status).toBe(200);
    expect(longest.body.version.name).toBe('é'.repeat(80));
    expect(await listOf(me, fileId)).toHaveLength(1);
  });

  it("never names another account's version or document: 404, and nothing changes", async () => {
    const fileId = await newDoc(me, 'Private', 'my private text');
    const mine = (await me.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version;
    const theirFile = await newDoc(other, 'Theirs', 'their text');

    const byOther = await other.call('POST', '/api/versions/name', { fileId, versionId: mine.id, name: 'Stolen' });
    expect(byOther.status).toBe(404);
    const asTheirs = await other.call('POST', '/api/versions/name', { fileId: theirFile, versionId: mine.id, name: 'Stolen' });
    expect(asTheirs.status).toBe(404);
    expect(asTheirs.body.error.code).toBe('version_not_found');
    const newOnMine = await other.call('POST', '/api/versions/name', { fileId, name: 'Stolen' });
    expect(newOnMine.status).toBe(404);
    expect((await listOf(me, fileId)).map((v) => v.name)).toEqual([null]);
  });

  it('thinning never removes a named version, and keeps the newest unnamed one of its hour beside it', async () => {
    const fileId = await newDoc(me, 'Thinned', 'kept text');
    const named = (await me.call('POST', '/api/versions/name', { fileId, name: 'Keep me' })).body.version;
    later(60_000);
    const older = (await me.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version;
    later(60_000);
    const newest = (await me.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version;
    later(3 * 24 * 3600_000);

    expect(await t.services.versions.thin()).toBeGreaterThanOrEqual(1);
    const ids = (await listOf(me, fileId)).map((v) => v.id);
    expect(ids).toEqual([newest.id, named.id]);
    expect(ids).not.toContain(older.id);
  });

  it('a restore keeps the current text as a version first, and the restored version keeps its name', async () => {
    const fileId = await newDoc(me, 'Restored', 'the named text');
    const named = (await me.call('POST', '/api/versions/name', { fileId, name: 'Good opening' })).body.version;
    const update = await me.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('the current text'),
      baseRevision: 1,
      operationId: 'names-op-1',
    });
    expect(update.status).toBe(200);

    const restored = await me.call('POST', `/api/versions/restore/${me.sub}/${fileId}`, { versionId: named.id });
    expect(restored.status).toBe(200);
    const list = await listOf(me, fileId);
    const before = list.find((v) => v.reason === 'before-restore')!;
    expect(before.preview).toBe('the current text');
    expect(list.find((v) => v.id === named.id)?.name).toBe('Good opening');
    const file = await me.call('POST', '/api/files/get', { fileId });
    expect(file.body.file.content.content[0].content[0].text).toBe('the named text');
  });
});
