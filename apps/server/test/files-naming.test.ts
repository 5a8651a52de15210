import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createFilesRepository, isUniqueViolation } from '../src/modules/files/files.repository';
import { createTestApp, resetDatabase, type TestApp } from './harness';

let t: TestApp;
let me: TestUser;
let ops = 0;
const enc = encodeURIComponent;

/** One paragraph per line; '' is an empty paragraph (the writer pressed Enter). */
const doc = (...lines: string[]) => ({
  type: 'doc',
  content: lines.map((text) => (text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' })),
});

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'naming');
});
afterAll(() => t.close());

async function claim(): Promise<{ fileId: string; filename: string }> {
  const res = await me.call('POST', '/api/files/claim-blank', {});
  expect(res.status).toBe(200);
  return res.body;
}

async function save(fileId: string, content: unknown, opts: { source?: string; operationId?: string } = {}) {
  const current = await me.call('POST', '/api/files/get', { fileId });
  ops += 1;
  return me.call('POST', '/api/files/content-only-update', {
    fileId,
    content,
    baseRevision: current.body.file.revision,
    operationId: opts.operationId ?? `op-naming-${String(ops).padStart(4, '0')}`,
    source: opts.source ?? 'autosave',
  });
}

const nameOf = async (fileId: string) => (await me.call('POST', '/api/files/get', { fileId })).body.file;

describe('an Untitled document takes its first line as its name', () => {
  it('waits while the first line is being typed, then names it once the line is finished', async () => {
    const { fileId, filename } = await claim();
    expect(filename).toBe('Untitled.txt');
    const typing = await save(fileId, doc('My trip to Lis'));
    expect(typing.body.saved).toBe(true);
    expect(typing.body.named).toBeUndefined();
    expect((await nameOf(fileId)).name).toBe('Untitled.txt');

    const finished = await save(fileId, doc('My trip to Lisbon', ''));
    expect(finished.body.named).toEqual({ name: 'My trip to Lisbon.txt', displayName: 'My trip to Lisbon', filePath: 'My trip to Lisbon.txt' });
    const file = await nameOf(fileId);
    expect(file).toMatchObject({ name: 'My trip to Lisbon.txt', filePath: 'My trip to Lisbon.txt' });
    expect(file.metadata.status).toBe('named');

    // Once: a new first line does not rename it again.
    const later = await save(fileId, doc('A different opening', 'More'));
    expect(later.body.named).toBeUndefined();
    expect((await nameOf(fileId)).name).toBe('My trip to Lisbon.txt');

    // Downloads use the name.
    const tenant = me.sub;
    const download = await me.call('GET', `/api/files/${enc(tenant)}/${enc('My trip to Lisbon.txt')}/download?format=md`);
    expect(download.status).toBe(200);
  });

  it('names it after the line as it is when the save is made on leaving', async () => {
    const { fileId } = await claim();
    const leaving = await save(fileId, doc('Groceries'), { source: 'navigation' });
    expect(leaving.body.named?.displayName).toBe('Groceries');
  });

  it('gives a unique, sanitised name under the length limit', async () => {
    const first = await claim();
    const second = await claim();
    await save(first.fileId, doc('Q1/Q2 plan.', 'x'));
    const named = await save(second.fileId, doc('Q1/Q2 plan', 'y'));
    expect(named.body.named.displayName).toBe('Q1-Q2 plan 2');

    const long = await claim();
    const line = 'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness';
    const cut = await save(long.fileId, doc(line));
    expect(cut.body.named.displayName).toBe('It was the best of times, it was the worst of times');

    // Where a phrase ends: never on 'and the' (docs/SAVING.md "Naming from the first line").
    const hanging = await claim();
    const named2 = await save(hanging.fileId, doc('The small boat in the harbour rocked gently and the lighthouse beam swept the water'));
    expect(named2.body.named.displayName).toBe('The small boat in the harbour rocked gently');
  });

  it('gives two documents named at the same moment two names', async () => {
    const a = await claim();
    const b = await claim();
    const [ra, rb] = await Promise.all([save(a.fileId, doc('Same opening', '')), save(b.fileId, doc('Same opening', ''))]);
    expect([ra.body.named?.displayName, rb.body.named?.displayName].sort()).toEqual(['Same opening', 'Same opening 2']);
  });

  it('sees a path taken between the look and the move as taken (and looks again)', async () => {
    const a = await claim();
    const b = await claim();
    const repo = createFilesRepository({ db: t.database.db });
    const error = await repo.nameClaimed({ tenantId: me.sub, id: b.fileId, fromPath: b.filename, path: a.filename, name: a.filename, named: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('repeats the name when the same save is sent again', async () => {
    const { fileId } = await claim();
    const operationId = 'op-naming-replayed-1';
    const firstTry = await save(fileId, doc('Replayed title', ''), { operationId });
    expect(firstTry.body.named.displayName).toBe('Replayed title');
    const current = await nameOf(fileId);
    const again = await me.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('Replayed title', ''),
      baseRevision: current.revision - 1,
      operationId,
      source: 'autosave',
    });
    expect(again.status).toBe(200);
    expect(again.body.named?.displayName).toBe('Replayed title');
  });

  it('never renames a document the writer named, even "Untitled"', async () => {
    const { fileId, filename } = await claim();
    const renamed = await me.call('POST', '/api/files/rename', { oldFilePath: filename, newFilePath: 'Kept name', preserveMetadata: true });
    expect(renamed.status).toBe(200);
    const kept = await save(fileId, doc('Some first line', 'and more'));
    expect(kept.body.named).toBeUndefined();
    expect((await nameOf(fileId)).name).toBe('Kept name.txt');

    // Renamed back to an Untitled name by hand: it stays so.
    const back = await me.call('POST', '/api/files/rename', { oldFilePath: 'Kept name.txt', newFilePath: 'Untitled 99', preserveMetadata: true });
    expect(back.status).toBe(200);
    const after = await save(fileId, doc('Yet another first line', 'more'));
    expect(after.body.named).toBeUndefined();
    expect((await nameOf(fileId)).name).toBe('Untitled 99.txt');
  });

  it('leaves documents that were not claimed blank alone', async () => {
    const created = await me.call('POST', '/api/files/create', { content: doc('x') });
    expect(created.body.file.name).toMatch(/^Untitled( \d+)?\.txt$/);
    const res = await save(created.body.file.id, doc('Made by create', ''));
    expect(res.body.named).toBeUndefined();
  });

  it('keeps a name chosen when the blank document was claimed', async () => {
    const res = await me.call('POST', '/api/files/claim-blank', { displayPath: 'Chosen' });
    const saved = await save(res.body.fileId, doc('Something else', ''));
    expect(saved.body.named).toBeUndefined();
    const file = await nameOf(res.body.fileId);
    expect(file.name).toBe('Chosen.txt');
    expect(file.metadata.status).toBe('named');
  });
});
