import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { createFilesPort } from '../src/modules/files/files.port';
import { createVoiceRepository } from '../src/modules/voice/voice.repository';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

const DAY = 24 * 3600 * 1000;
const enc = encodeURIComponent;

/** The services' clock: moved by hand, so 'Edited …' and the 30 days of the Trash are exact. */
let clock = new Date('2031-03-01T09:00:00.000Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await resetDatabase(t.database);
  me = await newUser(t.app, 'trash');
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts with no documents of its own tenant (other tables keep the account).
  await t.database.query('delete from files');
});

async function create(name: string, extra: Record<string, unknown> = {}) {
  const res = await me.call('POST', '/api/files/create', { filePath: name, content: doc(`${name} body`), ...extra });
  expect(res.status).toBe(200);
  return res.body.file as { id: string; name: string; lastModified: string; revision: number };
}
const trashPage = async (query = '') => (await me.call('GET', `/api/files/trash${query}`)).body;
const names = (items: { name: string }[]) => items.map((f) => f.name);
async function versionsOf(fileId: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>('select count(*)::int as n from file_versions where file_id = $1', [fileId]);
  return rows[0]!.n;
}

describe('the Trash', () => {
  it('takes a deleted document out of every read, write and the voice, and lists it with its purge date', async () => {
    const gone = await create('Gone', { isRepository: true, metadata: { authenticity: 'Human' } });
    expect((await me.call('POST', '/api/versions/create', { fileId: gone.id, reason: 'manual' })).status).toBe(200);
    const versionId = (await me.call('GET', `/api/versions/list?fileId=${gone.id}`)).body.versions[0].id as string;
    await create('Kept');

    expect((await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc('Gone.txt')}`)).body).toEqual({ success: true });

    expect(names((await me.call('GET', '/api/files/list')).body.files)).toEqual(['Kept.txt']);
    expect(names((await me.call('GET', '/api/files/list-paged?view=all')).body.items)).toEqual(['Kept.txt']);
    expect((await me.call('GET', '/api/files/search?q=gone&view=all')).body.items).toEqual([]);
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/files/get', { fileId: gone.id }],
      ['POST', '/api/files/get', { filePath: 'Gone.txt' }],
      ['GET', `/api/files/${enc(me.sub)}/${enc('Gone.txt')}`],
      ['GET', `/api/files/${enc(me.sub)}/${enc('Gone.txt')}/download?format=md`],
      ['POST', '/api/files/copy', { fileId: gone.id }],
      ['POST', '/api/files/rename', { oldFilePath: 'Gone.txt', newFilePath: 'Back' }],
      ['PATCH', `/api/files/metadata/${enc(me.sub)}/${enc('Gone.txt')}`, { metadata: { authenticity: 'AI' } }],
      ['PATCH', `/api/files/repository/${enc(me.sub)}/${enc('Gone.txt')}`, { isRepository: false }],
      ['DELETE', `/api/files/${enc(me.sub)}/${enc('Gone.txt')}`],
      ['POST', '/api/files/content-only-update', { fileId: gone.id, content: doc('typed after the delete'), baseRevision: 1, operationId: 'trash-save-1' }],
      ['GET', `/api/versions/list?fileId=${gone.id}`],
      ['GET', `/api/versions/get?fileId=${gone.id}&versionId=${versionId}`],
      ['POST', '/api/versions/create', { fileId: gone.id, reason: 'manual' }],
      ['POST', `/api/versions/restore/${enc(me.sub)}/${gone.id}`, { versionId }],
      ['POST', '/api/ai/operations', { fileId: gone.id, action: 'enhance', selection: { text: 'Gone body', nodeIds: ['n1'] } }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await me.call(method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // A save into it is answered as a save into a deleted document: the editor clears (sendSave 'deleted').
    const save = await me.call('POST', '/api/files/content-only-update', { fileId: gone.id, content: doc('x'), baseRevision: 1, operationId: 'trash-save-2' });
    expect(save.body.error.code).toBe('file_not_found');
    expect((await me.call('POST', '/api/files/bulk-tag', { fileIds: [gone.id], authenticity: 'AI' })).body.updated).toEqual([]);
    // It was the only voice sample: the voice has none now.
    expect((await me.call('POST', '/api/voice/analyze')).body.error.code).toBe('no_voice_samples');
    expect(
      await createVoiceRepository({ db: t.database.db, files: createFilesPort({ db: t.database.db, newId: ulid }) }).similarSamples({
        tenantId: me.sub,
        query: 'gone body',
      }),
    ).toEqual([]);

    const trash = await trashPage();
    expect(trash).toMatchObject({ hasMore: false, nextCursor: null });
    expect(trash.items).toEqual([
      expect.objectContaining({
        id: gone.id,
        name: 'Gone.txt',
        displayName: 'Gone',
        deletedAt: clock.toISOString(),
        purgeAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
      }),
    ]);
    expect(trash.items[0]).not.toHaveProperty('content');
  });

  it('frees the name, and restores with content and history under a free name', async () => {
    const first = await create('Draft');
    await me.call('POST', '/api/files/content-only-update', { fileId: first.id, content: doc('second text'), baseRevision: 1, operationId: 'draft-save-1' });
    const history = await versionsOf(first.id);
    await me.call('POST', '/api/files/delete', { filePath: 'Draft.txt' });
    // The name is free again: a new document takes it, not "Draft 2".
    expect((await create('Draft')).name).toBe('Draft.txt');

    const restored = await me.call('POST', `/api/files/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.file).toMatchObject({ id: first.id, name: 'Draft 2.txt', displayName: 'Draft 2', revision: 2 });
    const got = await me.call('POST', '/api/files/get', { fileId: first.id });
    expect(got.body.file.content.content[0].content[0].text).toBe('second text');
    expect(await versionsOf(first.id)).toBe(history);
    expect(names((await me.call('GET', '/api/files/list')).body.files).sort()).toEqual(['Draft 2.txt', 'Draft.txt']);
    expect((await trashPage()).items).toEqual([]);
    // Restored once: a second restore finds nothing in the Trash.
    expect((await me.call('POST', `/api/files/${first.id}/restore`)).status).toBe(404);
    // A document without a clash comes back under its own name.
    await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc('Draft 2.txt')}`);
    expect((await me.call('POST', `/api/files/${first.id}/restore`)).body.file.name).toBe('Draft 2.txt');
  });

  it('takes what the selection bar deletes (bulk delete) to the Trash as well, newest deletion first, paged', async () => {
    const docs = [await create('One'), await create('Two'), await create('Three')];
    await me.call('POST', '/api/files/bulk-delete', { fileIds: [docs[0]!.id] });
    tick(60_000);
    const bulk = await me.call('POST', '/api/files/bulk-delete', { fileIds: [docs[1]!.id, docs[2]!.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] });
    expect(bulk.body.deleted.sort()).toEqual([docs[1]!.id, docs[2]!.id].sort());
    expect(bulk.body.notFound).toEqual(['01ARZ3NDEKTSV4RRFFQ69G5FAV']);
    expect((await me.call('GET', '/api/files/list')).body.files).toEqual([]);

    const first = await trashPage('?limit=2');
    expect(first.hasMore).toBe(true);
    expect(names(first.items).sort()).toEqual(['Three.txt', 'Two.txt']);
    const second = await trashPage(`?limit=2&cursor=${enc(first.nextCursor)}`);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(names(second.items)).toEqual(['One.txt']);
    expect((await me.call('GET', '/api/files/trash?cursor=nonsense')).status).toBe(400);
  });

  it('deletes forever from the Trash only, with the versions', async () => {
    const live = await create('Precious');
    expect((await me.call('DELETE', `/api/files/${live.id}/forever`)).status).toBe(404);
    expect((await me.call('POST', '/api/files/get', { fileId: live.id })).status).toBe(200);

    await me.call('POST', '/api/versions/create', { fileId: live.id, reason: 'manual' });
    await me.call('POST', '/api/files/delete', { filePath: 'Precious.txt' });
    expect((await me.call('DELETE', `/api/files/${live.id}/forever`)).body).toEqual({ success: true });
    expect((await trashPage()).items).toEqual([]);
    expect((await me.call('POST', `/api/files/${live.id}/restore`)).status).toBe(404);
    expect((await me.call('DELETE', `/api/files/${live.id}/forever`)).status).toBe(404);
    expect(await versionsOf(live.id)).toBe(0);
  });

  it('is emptied by the maintenance job of what was deleted 30 days ago or more, versions included', async () => {
    const old = await create('Old');
    await me.call('POST', '/api/versions/create', { fileId: old.id, reason: 'manual' });
    const recent = await create('Recent');
    await me.call('POST', '/api/files/delete', { filePath: 'Old.txt' });
    tick(29 * DAY);
    await me.call('POST', '/api/files/delete', { filePath: 'Recent.txt' });

    tick(DAY - 60_000); // 30 days less a minute after the first deletion: nothing is due.
    expect(await t.services.trash.purge()).toBe(0);
    tick(60_000);
    expect(await t.services.trash.purge()).toBe(1);
    expect(names((await trashPage()).items)).toEqual(['Recent.txt']);
    expect(await versionsOf(old.id)).toBe(0);
    expect((await me.call('POST', `/api/files/${old.id}/restore`)).status).toBe(404);

    tick(29 * DAY);
    expect(await t.services.trash.purge()).toBe(1);
    expect((await trashPage()).items).toEqual([]);
    expect((await me.call('POST', `/api/files/${recent.id}/restore`)).status).toBe(404);
  });
});

describe("'Edited …' follows the text only", () => {
  it('keeps lastModified and the date order through rename, tags and moves; a save moves both', async () => {
    const older = await create('Older');
    tick(60_000);
    const newer = await create('Newer');
    const order = async () => names((await me.call('GET', '/api/files/list-paged?sort=date')).body.items);
    expect(await order()).toEqual(['Newer.txt', 'Older.txt']);

    tick(3600_000);
    await me.call('POST', '/api/files/rename', { oldFilePath: 'Older.txt', newFilePath: 'Oldest' });
    await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc('Oldest.txt')}`, { metadata: { authenticity: 'Human', description: 'x' } });
    await me.call('POST', '/api/files/bulk-tag', { fileIds: [older.id], authenticity: 'AI' });
    await me.call('PATCH', `/api/files/repository/${enc(me.sub)}/${enc('Oldest.txt')}`, { isRepository: true });
    const tagged = (await me.call('POST', '/api/files/get', { fileId: older.id })).body.file;
    expect(tagged).toMatchObject({ name: 'Oldest.txt', isRepository: true, lastModified: older.lastModified, lastUpdated: older.lastModified });
    expect(tagged.metadata.lastModified).toBe(older.lastModified);
    expect(await order()).toEqual(['Newer.txt', 'Oldest.txt']);
    expect((await me.call('GET', '/api/files/list-paged?sort=tag')).body.items.map((f: { name: string }) => f.name)).toEqual(['Oldest.txt', 'Newer.txt']);

    tick(60_000);
    const saved = await me.call('POST', '/api/files/content-only-update', {
      fileId: older.id,
      content: doc('new words'),
      baseRevision: 1,
      operationId: 'edited-save-1',
    });
    expect(saved.body.lastModified).toBe(clock.toISOString());
    expect((await me.call('POST', '/api/files/get', { fileId: older.id })).body.file.lastModified).toBe(clock.toISOString());
    expect(await order()).toEqual(['Oldest.txt', 'Newer.txt']);
    expect(newer.lastModified < clock.toISOString()).toBe(true);
  });

  it('pages the date order by the text date', async () => {
    for (const name of ['A', 'B', 'C']) {
      await create(name);
      tick(60_000);
    }
    // Renaming the oldest must not lift it, on any page.
    await me.call('POST', '/api/files/rename', { oldFilePath: 'A.txt', newFilePath: 'A renamed' });
    const first = (await me.call('GET', '/api/files/list-paged?sort=date&limit=2')).body;
    const second = (await me.call('GET', `/api/files/list-paged?sort=date&limit=2&cursor=${enc(first.nextCursor)}`)).body;
    expect([...names(first.items), ...names(second.items)]).toEqual(['C.txt', 'B.txt', 'A renamed.txt']);
  });
});

describe('the voice refresh still notices changed samples', () => {
  it('by the row date (a new text, a new tag) and by the count (the Trash and a restore)', async () => {
    const voice = createVoiceRepository({ db: t.database.db, files: createFilesPort({ db: t.database.db, newId: ulid }) });
    const due = async () => (await voice.tenantsNeedingRefresh({ limit: 1000 })).includes(me.sub);
    /** As if an analysis of the current samples just ended. */
    const analysed = async (sampleCount: number) => {
      await voice.upsertProfile({ tenantId: me.sub, set: { status: 'ready', analyzedAt: clock, sampleCount } });
      tick(60_000);
    };

    const sample = await create('Sample', { isRepository: true });
    const other = await create('Other');
    await analysed(1);
    expect(await due()).toBe(false);

    // A new text in a sample: same count, newer row.
    await me.call('POST', '/api/files/content-only-update', { fileId: sample.id, content: doc('fresh words'), baseRevision: 1, operationId: 'voice-save-1' });
    expect(await due()).toBe(true);
    await analysed(1);

    // A rename or a tag of a sample moves the row date (not 'Edited'): the refresh looks again.
    await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc('Sample.txt')}`, { metadata: { authenticity: 'Human' } });
    expect(await due()).toBe(true);
    await analysed(1);
    await me.call('POST', '/api/files/bulk-tag', { fileIds: [other.id], authenticity: 'Human' });
    expect(await due()).toBe(true);
    await analysed(2);
    expect(await due()).toBe(false);

    // The Trash takes a sample away; a restore brings it back.
    await me.call('POST', '/api/files/delete', { filePath: 'Other.txt' });
    expect(await due()).toBe(true);
    await analysed(1);
    expect(await due()).toBe(false);
    await me.call('POST', `/api/files/${other.id}/restore`);
    expect(await due()).toBe(true);
  });
});
