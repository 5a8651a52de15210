import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * An empty new document is not kept, and a bulk delete is undone in one request (docs/TRASH.md):
 * POST /files/{id}/discard and POST /files/bulk-restore.
 */
let t: TestApp;
let me: TestUser;
let other: TestUser;
let ops = 0;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'discard');
  other = await newUser(t.app, 'discard-other');
});
afterAll(() => t.close());

/** 'Create new document': a blank Untitled claimed as the web app does. */
async function claim(user = me): Promise<{ id: string; path: string }> {
  const res = await user.call('POST', '/api/files/claim-blank', { displayPath: 'Untitled.txt', isRepository: false });
  expect(res.status).toBe(200);
  return { id: res.body.fileId, path: res.body.file.filePath };
}
async function save(fileId: string, text: string, baseRevision = 1) {
  ops += 1;
  return me.call('POST', '/api/files/content-only-update', {
    fileId,
    content: text ? doc(text) : { type: 'doc', content: [{ type: 'paragraph' }] },
    baseRevision,
    operationId: `discard-save-${ops}`,
    source: 'autosave',
  });
}
const discard = (id: string, user = me) => user.call('POST', `/api/files/${id}/discard`);
const exists = async (id: string, user = me) => (await user.call('POST', '/api/files/get', { fileId: id })).status === 200;
const trashIds = async (user = me) => (await user.call('GET', '/api/files/trash')).body.items.map((f: { id: string }) => f.id) as string[];
async function create(name: string, user = me): Promise<string> {
  const res = await user.call('POST', '/api/files/create', { filePath: name, content: doc(`${name} words`) });
  expect(res.status).toBe(200);
  return res.body.file.id;
}

describe('discarding an empty new document', () => {
  it('removes it for good: not listed, not in the Trash, its versions gone, its name free', async () => {
    const blank = await claim();
    expect((await me.call('POST', '/api/versions/create', { fileId: blank.id, reason: 'leave' })).status).toBe(200);

    expect(await discard(blank.id)).toEqual({ status: 200, body: { success: true } });
    expect(await exists(blank.id)).toBe(false);
    expect(await trashIds()).not.toContain(blank.id);
    const versions = await t.database.query<{ n: number }>('select count(*)::int as n from file_versions where file_id = $1', [blank.id]);
    expect(versions[0]!.n).toBe(0);
    // Gone, so a second discard (a new request, no operation id) is 404, not a 409.
    expect((await discard(blank.id)).body.error.code).toBe('file_not_found');
    expect((await claim()).path).toBe(blank.path);
  });

  it('never removes a document that holds or once held text, and answers document_not_empty', async () => {
    const typed = await claim();
    expect((await save(typed.id, 'A first line')).body.saved).toBe(true);
    const cleared = await claim();
    expect((await save(cleared.id, 'Soon gone')).body.saved).toBe(true);
    // Emptied by the writer: a blank save is not written, and the text it held counts.
    expect((await save(cleared.id, '', 2)).body.saved).toBe(false);
    const spaced = await claim();
    expect((await save(spaced.id, '   ')).body.saved).toBe(false);

    for (const id of [typed.id, cleared.id]) {
      const res = await discard(id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('document_not_empty');
      expect(await exists(id)).toBe(true);
    }
    // Only blanks were sent: it never held text.
    expect((await discard(spaced.id)).status).toBe(200);
  });

  it('keeps a document the writer named, tagged, set a goal for or made a voice sample, and one not made by Create new document', async () => {
    const renamed = await claim();
    expect((await me.call('POST', '/api/files/rename', { oldFilePath: renamed.path, newFilePath: 'Untitled 7' })).status).toBe(200);
    const tagged = await claim();
    expect((await me.call('POST', '/api/files/bulk-tag', { fileIds: [tagged.id], authenticity: 'Human' })).status).toBe(200);
    const goal = await claim();
    expect((await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc(goal.path)}`, { metadata: { wordGoal: 500 } })).status).toBe(200);
    const sample = await claim();
    expect((await me.call('PATCH', `/api/files/repository/${enc(me.sub)}/${enc(sample.path)}`, { isRepository: true })).status).toBe(200);
    const chosen = (await me.call('POST', '/api/files/claim-blank', { displayPath: 'Ideas.txt', isRepository: false })).body.fileId as string;
    const created = (await me.call('POST', '/api/files/create', { filePath: 'Empty on purpose.txt' })).body.file.id as string;

    for (const id of [renamed.id, tagged.id, goal.id, sample.id, chosen, created]) {
      const res = await discard(id);
      expect(res.body.error?.code, id).toBe('document_not_empty');
      expect(await exists(id)).toBe(true);
    }
  });

  it("is 404 for another tenant's document, a document in the Trash and an unknown id, and leaves them alone", async () => {
    const theirs = await claim(other);
    const binned = await claim();
    expect((await me.call('POST', '/api/files/bulk-delete', { fileIds: [binned.id] })).body.deleted).toEqual([binned.id]);

    for (const id of [theirs.id, binned.id, '01J0000000000000000000000Z']) {
      const res = await discard(id);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('file_not_found');
    }
    expect(await exists(theirs.id, other)).toBe(true);
    expect(await trashIds()).toContain(binned.id);
  });

  it('answers a retried discard (same X-Operation-Id) with the first answer', async () => {
    const blank = await claim();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/files/${blank.id}/discard`,
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'x-operation-id': 'discard-retry-1' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-operation-replayed']).toBe('true');
  });

  it('never loses saved text to a discard racing a save: either the save finds no document, or the document stays with the text', async () => {
    for (let i = 0; i < 12; i++) {
      const blank = await claim();
      const [saved, discarded] = await Promise.all([save(blank.id, `Raced words ${i}`), discard(blank.id)]);
      if (discarded.status === 200) {
        expect(saved.status).toBe(404);
        expect(await exists(blank.id)).toBe(false);
      } else {
        expect(discarded.body.error.code).toBe('document_not_empty');
        expect(saved.body.saved).toBe(true);
        const file = (await me.call('POST', '/api/files/get', { fileId: blank.id })).body.file;
        expect(JSON.stringify(file.content)).toContain(`Raced words ${i}`);
      }
    }
  });
});

describe('restoring a bulk delete in one request', () => {
  it('brings every document of the batch back, in the order asked, a taken name with " 2"', async () => {
    const ids = [await create('Batch one'), await create('Batch two'), await create('Batch three')];
    expect((await me.call('POST', '/api/files/bulk-delete', { fileIds: ids })).body.deleted.sort()).toEqual([...ids].sort());
    await create('Batch two');

    const res = await me.call('POST', '/api/files/bulk-restore', { fileIds: ids });
    expect(res.status).toBe(200);
    expect(res.body.notFound).toEqual([]);
    expect(res.body.restored.map((f: { id: string; name: string }) => [f.id, f.name])).toEqual([
      [ids[0], 'Batch one.txt'],
      [ids[1], 'Batch two 2.txt'],
      [ids[2], 'Batch three.txt'],
    ]);
    for (const id of ids) expect(await exists(id)).toBe(true);
    expect(await trashIds()).toEqual(expect.not.arrayContaining(ids));
  });

  it("restores nothing of another tenant's Trash: their ids, live ids and unknown ids are notFound", async () => {
    const theirs = await create('Their secret', other);
    expect((await other.call('POST', '/api/files/bulk-delete', { fileIds: [theirs] })).status).toBe(200);
    const live = await create('Still here');
    const mine = await create('Mine to restore');
    await me.call('POST', '/api/files/bulk-delete', { fileIds: [mine] });

    const res = await me.call('POST', '/api/files/bulk-restore', { fileIds: [theirs, live, mine, 'no-such-id', mine] });
    expect(res.status).toBe(200);
    expect(res.body.restored.map((f: { id: string }) => f.id)).toEqual([mine]);
    expect(res.body.notFound).toEqual([theirs, live, 'no-such-id']);
    expect(await trashIds(other)).toEqual([theirs]);
    expect(await exists(theirs, other)).toBe(false);
  });

  it('answers a retried restore (same X-Operation-Id) once, and refuses an empty or oversized batch', async () => {
    const ids = [await create('Retry one'), await create('Retry two')];
    await me.call('POST', '/api/files/bulk-delete', { fileIds: ids });
    const operationId = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/bulk-restore',
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'x-operation-id': operationId },
        payload: { fileIds: ids },
      });
    const first = await send();
    const second = await send();
    expect(first.json().restored).toHaveLength(2);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-operation-replayed']).toBe('true');

    for (const fileIds of [[], Array.from({ length: 501 }, (_, i) => `id-${i}`)]) {
      const res = await me.call('POST', '/api/files/bulk-restore', { fileIds });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
