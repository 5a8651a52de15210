import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'content-write');
});
afterAll(() => t.close());

interface VersionItem {
  id: string;
  reason: string;
  source: string | null;
  revision: number;
  preview: string;
}

async function create(name: string, text: string) {
  return (await me.call('POST', '/api/files/create', { filePath: name, content: doc(text) })).body.file as { id: string; revision: number };
}
async function currentText(fileId: string): Promise<string> {
  const file = (await me.call('POST', '/api/files/get', { fileId })).body.file;
  return file.content.content[0].content[0].text;
}
async function versionsOf(fileId: string): Promise<VersionItem[]> {
  return (await me.call('GET', `/api/versions/list?fileId=${fileId}`)).body.versions;
}
async function sourceOf(fileId: string): Promise<string | null> {
  const rows = await t.database.query<{ last_write_source: string | null }>('select last_write_source from files where id = $1', [fileId]);
  return rows[0]!.last_write_source;
}

describe('the one content write', () => {
  it('never loses the text of a save that races a restore: the save 409s or the restore keeps it as a version', async () => {
    for (let round = 0; round < 4; round++) {
      const f = await create(`Race ${round}`, 'original');
      const kept = (await me.call('POST', '/api/versions/create', { fileId: f.id, reason: 'manual' })).body.version;
      const racing = `racing save ${round}`;
      const [save, restore] = await Promise.all([
        me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc(racing), baseRevision: 1, operationId: `race-save-${round}-op` }),
        me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, { versionId: kept.id }),
      ]);
      expect(restore.status).toBe(200);
      expect([200, 409]).toContain(save.status);
      if (save.status === 409) expect(save.body.error.code).toBe('revision_conflict');
      else {
        // The save landed first: the restore replaced it, so its text must be the 'before-restore' version.
        const before = (await versionsOf(f.id)).filter((v) => v.reason === 'before-restore');
        expect(before.map((v) => v.preview)).toContain(racing);
      }
      expect(await currentText(f.id)).toBe('original');
    }
  });

  it('answers 409 to a restore based on a revision that is no longer current, and writes nothing', async () => {
    const f = await create('Stale restore', 'first');
    const kept = (await me.call('POST', '/api/versions/create', { fileId: f.id, reason: 'manual' })).body.version;
    await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('newer words'), baseRevision: 1, operationId: 'stale-restore-op' });
    const res = await me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, { versionId: kept.id, baseRevision: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'revision_conflict', details: { currentRevision: 2 } });
    expect(await currentText(f.id)).toBe('newer words');
    expect((await versionsOf(f.id)).some((v) => v.reason === 'before-restore')).toBe(false);
  });

  it('writes a restore answered twice with the same operation id once', async () => {
    const f = await create('Restore twice', 'keep me');
    const kept = (await me.call('POST', '/api/versions/create', { fileId: f.id, reason: 'manual' })).body.version;
    await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('changed'), baseRevision: 1, operationId: 'restore-twice-save' });
    const body = { versionId: kept.id, operationId: 'restore-twice-op' };
    const first = await me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, body);
    const second = await me.call('POST', `/api/versions/restore/${me.sub}/${f.id}`, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.revision).toBe(3);
    const file = (await me.call('POST', '/api/files/get', { fileId: f.id })).body.file;
    expect(file.revision).toBe(3);
    expect((await versionsOf(f.id)).filter((v) => v.reason === 'before-restore')).toHaveLength(1);
  });

  it('does not write a save whose operation id was already used, even on the current revision', async () => {
    const f = await create('Reused id', 'one');
    const first = await me.call('POST', '/api/files/content-only-update', { fileId: f.id, content: doc('two'), baseRevision: 1, operationId: 'reused-id-op' });
    const again = await me.call('POST', '/api/files/content-only-update', {
      fileId: f.id,
      content: doc('three'),
      baseRevision: 2,
      operationId: 'reused-id-op',
    });
    expect(again.body).toEqual(first.body);
    expect(await currentText(f.id)).toBe('two');
  });

  it('records what wrote the content on every path', async () => {
    const created = await create('Sources', 'created');
    expect(await sourceOf(created.id)).toBe('create');
    await me.call('POST', '/api/files/content-only-update', {
      fileId: created.id,
      content: doc('by hand'),
      baseRevision: 1,
      operationId: 'source-manual-op',
      source: 'manual',
    });
    expect(await sourceOf(created.id)).toBe('manual');
    await me.call('POST', '/api/files/upload', { filePath: 'Sources', content: doc('uploaded') });
    expect(await sourceOf(created.id)).toBe('upload');
    const synced = await me.call('POST', '/api/files/sync-ulid', { filePath: 'Sources', content: doc('synced') });
    expect(synced.body).toMatchObject({ fileId: created.id, revision: 4, created: false });
    expect(await sourceOf(created.id)).toBe('sync-ulid');
    const history = await versionsOf(created.id);
    const manual = history.find((v) => v.reason === 'manual');
    expect(manual).toMatchObject({ source: 'manual', preview: 'by hand', revision: 2 });
    await me.call('POST', `/api/versions/restore/${me.sub}/${created.id}`, { versionId: manual!.id });
    expect(await sourceOf(created.id)).toBe('restore');
    // The replaced text is kept with what wrote it.
    expect((await versionsOf(created.id)).find((v) => v.reason === 'before-restore')).toMatchObject({ source: 'sync-ulid', preview: 'synced' });

    const fresh = await me.call('POST', '/api/files/upload', { filePath: 'Uploaded new', content: doc('new') });
    expect(await sourceOf(fresh.body.file.id)).toBe('upload');
    const ulid = await me.call('POST', '/api/files/sync-ulid', { filePath: 'Synced new', content: doc('new') });
    expect(await sourceOf(ulid.body.fileId)).toBe('sync-ulid');
  });

  it('takes a version when an upload replaces a document and one is due, and merges its metadata in the same write', async () => {
    const first = (await me.call('POST', '/api/files/upload', { filePath: 'Uploaded twice', content: doc('first upload') })).body.file;
    const second = await me.call('POST', '/api/files/upload', {
      filePath: 'Uploaded twice',
      content: doc('second upload'),
      isRepository: true,
      metadata: { notes: 'imported' },
    });
    expect(second.status).toBe(200);
    expect(second.body.file).toMatchObject({ id: first.id, revision: 2, isRepository: true, metadata: { notes: 'imported', authenticity: 'Untagged' } });
    const history = await versionsOf(first.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reason: 'import', source: 'upload', revision: 2, preview: 'second upload' });
    // Within five minutes no second version is due.
    await me.call('POST', '/api/files/upload', { filePath: 'Uploaded twice', content: doc('third upload') });
    expect(await versionsOf(first.id)).toHaveLength(1);
  });

  it('applies every one of several uploads racing on one document, each as its own revision', async () => {
    const first = (await me.call('POST', '/api/files/upload', { filePath: 'Busy upload', content: doc('start') })).body.file;
    const texts = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `upload ${x}`);
    const answers = await Promise.all(texts.map((text) => me.call('POST', '/api/files/upload', { filePath: 'Busy upload', content: doc(text) })));
    expect(answers.map((a) => a.status)).toEqual(texts.map(() => 200));
    const revisions = answers.map((a) => a.body.file.revision as number);
    expect(Math.max(...revisions)).toBe(1 + texts.length);
    const file = (await me.call('POST', '/api/files/get', { fileId: first.id })).body.file;
    expect(file.revision).toBe(1 + texts.length);
    expect(texts).toContain(await currentText(first.id));
  });
});
