import { NAME_MAX_LENGTH, nameLength } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Names a person can tell apart (docs/HARDENING.md "Names"), on PGlite and on PostgreSQL. */
let t: TestApp;
let me: TestUser;
let other: TestUser;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'names');
  other = await newUser(t.app, 'names-other');
});
afterAll(() => t.close());

// Bidi override, isolates, marks and zero-width characters a writer cannot see.
const HIDDEN = ['\u202E', '\u2066', '\u2069', '\u200E', '\u200B', '\u200C', '\u2060', '\uFEFF'];
/** `stem` with the hidden characters spread through it. */
function withHidden(stem: string): string {
  const chars = Array.from(stem);
  HIDDEN.forEach((c, i) => chars.splice(1 + i * 7, 0, c));
  return chars.join('');
}

const paged = async (user: TestUser) => (await user.call('GET', '/api/files/list-paged?limit=100&sort=name')).body.items as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every route that names a document by id or by path reads it; answers the download's Content-Disposition. */
async function everyRouteReads(path: string, id: string): Promise<string> {
  const byId = await me.call('POST', '/api/files/get', { fileId: id });
  expect(byId.status).toBe(200);
  expect(byId.body.file.filePath).toBe(path);
  const byPath = await me.call('POST', '/api/files/get', { filePath: path });
  expect(byPath.status, 'POST /files/get by path').toBe(200);
  expect((await me.call('GET', `/api/files/${enc(me.sub)}/${enc(path)}`)).status, 'GET by path').toBe(200);
  const meta = await me.call('PATCH', `/api/files/metadata/${enc(me.sub)}/${enc(path)}`, { metadata: { authenticity: 'Human' } });
  expect(meta.status, 'PATCH metadata').toBe(200);
  const repo = await me.call('PATCH', `/api/files/repository/${enc(me.sub)}/${enc(path)}`, { isRepository: false });
  expect(repo.status, 'PATCH repository').toBe(200);
  expect((await me.call('GET', '/api/files/list')).body.files.map((f: { id: string }) => f.id)).toContain(id);
  expect((await paged(me)).map((f) => f.id)).toContain(id);
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/files/${enc(me.sub)}/${enc(path)}/download?format=md`,
    headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
  });
  expect(download.statusCode, 'download').toBe(200);
  return String(download.headers['content-disposition']);
}

describe('names are cleaned and at most 255 characters', () => {
  it('a 255-character name sent with bidi and zero-width characters is stored clean and works on every route, by id and by path', async () => {
    const stem = `${'Quarterly report '.repeat(15)}`.slice(0, NAME_MAX_LENGTH - 4); // 251 characters
    const sent = `${withHidden(stem)}.txt`;
    expect(sent.length).toBeGreaterThan(NAME_MAX_LENGTH);
    const created = await me.call('POST', '/api/files/create', { filePath: sent, content: doc('Numbers') });
    expect(created.status).toBe(200);
    const file = created.body.file;
    expect(file.name).toBe(`${stem}.txt`);
    expect(nameLength(file.name)).toBe(NAME_MAX_LENGTH);
    expect(nameLength(file.name)).toBeLessThanOrEqual(NAME_MAX_LENGTH);
    expect(file.name).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/);

    const disposition = await everyRouteReads(file.filePath, file.id);
    expect(disposition).not.toMatch(/%E2%80%AE|%E2%80%8B/i);
    // The path as sent, hidden characters and all, names the same document.
    expect((await me.call('POST', '/api/files/get', { filePath: sent })).body.file.id).toBe(file.id);

    // Renamed to another 255-character name with hidden characters, then back by the new path.
    const newStem = 'R'.repeat(NAME_MAX_LENGTH - 4);
    const renamed = await me.call('POST', '/api/files/rename', { oldFilePath: file.filePath, newFilePath: withHidden(newStem) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.newFilePath).toBe(`${newStem}.txt`);
    expect(nameLength(renamed.body.newFilePath)).toBe(NAME_MAX_LENGTH);
    await everyRouteReads(`${newStem}.txt`, file.id);

    expect((await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc(`${newStem}.txt`)}`)).status).toBe(200);
    expect((await me.call('POST', '/api/files/get', { fileId: file.id })).status).toBe(404);
  });

  it('the limit counts the name after NFC normalisation: 251 decomposed é are 255 characters with .txt', async () => {
    const created = await me.call('POST', '/api/files/create', { filePath: 'e\u0301'.repeat(251), content: doc('accents') });
    expect(created.status).toBe(200);
    expect(created.body.file.name).toBe(`${'é'.repeat(251)}.txt`);
    expect((await me.call('POST', '/api/files/delete', { filePath: created.body.file.filePath })).status).toBe(200);
  });

  it('refuses a 512-character name on create, upload, claim, sync and rename with invalid_path naming the field', async () => {
    const long = 'n'.repeat(512);
    const attempts: [string, Record<string, unknown>, string][] = [
      ['/api/files/create', { filePath: long, content: doc('x') }, 'filePath'],
      ['/api/files/upload', { filePath: long, content: doc('x') }, 'filePath'],
      ['/api/files/claim-blank', { displayPath: long }, 'displayPath'],
      ['/api/files/sync-ulid', { filePath: long, content: doc('x') }, 'filePath'],
    ];
    for (const [url, body, field] of attempts) {
      const res = await me.call('POST', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_path', details: { field } });
    }
    // 252 characters + .txt = 256: one too many.
    const justOver = await me.call('POST', '/api/files/create', { filePath: 'n'.repeat(252), content: doc('x') });
    expect(justOver.body.error.code).toBe('invalid_path');

    const kept = (await me.call('POST', '/api/files/create', { filePath: 'Keeps its name', content: doc('x') })).body.file;
    const rename = await me.call('POST', '/api/files/rename', { oldFilePath: kept.filePath, newFilePath: long });
    expect(rename.status).toBe(400);
    expect(rename.body.error).toMatchObject({ code: 'invalid_path', details: { field: 'newFilePath' } });
    expect((await me.call('POST', '/api/files/get', { fileId: kept.id })).body.file.name).toBe('Keeps its name.txt');
    const invisible = await me.call('POST', '/api/files/rename', { oldFilePath: kept.filePath, newFilePath: '\u200B\u202E\uFEFF' });
    expect(invisible.status).toBe(400);
    expect(invisible.body.error).toMatchObject({ code: 'invalid_path', details: { field: 'newFilePath' } });
  });

  it('a 512-character name stored before the limit (as 516 with .txt) is still read, downloaded, renamed and deleted by path', async () => {
    const legacy = `${'L'.repeat(512)}.txt`;
    await t.database.query(
      `insert into files (id, tenant_id, path, name, content) values ($1, $2, $3, $3, '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb)`,
      ['legacy-516', me.sub, legacy],
    );
    const disposition = await everyRouteReads(legacy, 'legacy-516');
    // The download's name is cut to fit the limit with its extension.
    expect(disposition).toContain(`filename="${'L'.repeat(NAME_MAX_LENGTH - 3)}.md"`);
    const renamed = await me.call('POST', '/api/files/rename', { oldFilePath: legacy, newFilePath: 'Short again' });
    expect(renamed.status).toBe(200);
    const back = await me.call('POST', '/api/files/rename', { oldFilePath: 'Short again.txt', newFilePath: 'L'.repeat(200) });
    expect(back.status).toBe(200);
    expect((await me.call('DELETE', `/api/files/${enc(me.sub)}/${enc(back.body.newFilePath)}`)).status).toBe(200);

    await t.database.query(
      `insert into files (id, tenant_id, path, name, content) values ($1, $2, $3, $3, '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb)`,
      ['legacy-516-b', me.sub, legacy],
    );
    expect((await me.call('POST', '/api/files/delete', { filePath: legacy })).status).toBe(200);
    expect((await me.call('POST', '/api/files/get', { fileId: 'legacy-516-b' })).status).toBe(404);
  });

  it('names Bree makes are cut to fit: " 2" for a taken name, " (copy)", a first line', async () => {
    const stem = 'c'.repeat(NAME_MAX_LENGTH - 4);
    const first = (await me.call('POST', '/api/files/create', { filePath: stem, content: doc('one') })).body.file;
    const second = (await me.call('POST', '/api/files/create', { filePath: stem, content: doc('two') })).body.file;
    expect(second.name).toBe(`${'c'.repeat(NAME_MAX_LENGTH - 6)} 2.txt`);
    const copy = (await me.call('POST', '/api/files/copy', { fileId: first.id })).body.file;
    expect(copy.name).toBe(`${'c'.repeat(NAME_MAX_LENGTH - 11)} (copy).txt`);
    for (const f of [first, second, copy]) {
      expect(nameLength(f.name)).toBeLessThanOrEqual(NAME_MAX_LENGTH);
      expect((await me.call('POST', '/api/files/get', { filePath: f.filePath })).status).toBe(200);
    }

    const claimed = (await me.call('POST', '/api/files/claim-blank', {})).body;
    const saved = await me.call('POST', '/api/files/content-only-update', {
      fileId: claimed.fileId,
      content: doc('Mi\u202Ets\u200Bommar plans', 'and more'),
      baseRevision: 1,
      operationId: 'op-names-first-line',
      source: 'manual',
    });
    expect(saved.body.named).toMatchObject({ name: 'Mitsommar plans.txt', displayName: 'Mitsommar plans' });
  });
});

describe('download filenames', () => {
  it('drop bidi and zero-width characters a stored name still has, in filename and filename*', async () => {
    const stored = 'Invoice\u202Efdp.exe\u200B.txt';
    await t.database.query(
      `insert into files (id, tenant_id, path, name, content) values ($1, $2, $3, $3, '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb)`,
      ['legacy-bidi', me.sub, stored],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/${enc(me.sub)}/${enc(stored)}/download?format=txt`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoicefdp.exe.txt"; filename*=UTF-8''Invoicefdp.exe.txt`);
    expect((await me.call('POST', '/api/files/delete', { filePath: stored })).status).toBe(200);
  });

  it('keep a name NFC, with non-ASCII only in filename*', async () => {
    const file = (await me.call('POST', '/api/files/create', { filePath: `Caf${'e\u0301'} (draft)`, content: doc('x') })).body.file;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/${enc(me.sub)}/${enc(file.filePath)}/download?format=docx`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Caf_ (draft).docx"; filename*=UTF-8''Caf%C3%A9%20%28draft%29.docx`);
    await me.call('POST', '/api/files/delete', { filePath: file.filePath });
  });
});

describe('names that look the same get a hint in the list', () => {
  it('marks "Report", "report" and Cyrillic "Rероrt" as similar, not "Reports", and never across tenants', async () => {
    const make = async (user: TestUser, name: string) => (await user.call('POST', '/api/files/create', { filePath: name, content: doc(name) })).body.file;
    const latin = await make(me, 'Report');
    const lower = await make(me, 'report');
    const cyrillic = await make(me, 'R\u0435\u0440\u043Ert'); // е, р, о are Cyrillic
    const plural = await make(me, 'Reports');
    const theirs = await make(other, 'REPORT');
    const lonely = await make(other, 'Lonely');

    const items = await paged(me);
    const hint = (id: string) => items.find((f) => f.id === id)?.similarNameTo;
    for (const f of [latin, lower, cyrillic]) {
      const similar = hint(f.id);
      expect(similar, f.name).toBeDefined();
      expect(similar.fileId).not.toBe(f.id);
      expect([latin.id, lower.id, cyrillic.id]).toContain(similar.fileId);
      expect(similar).toMatchObject({ displayName: expect.any(String), filePath: expect.any(String) });
    }
    expect(hint(plural.id)).toBeUndefined();
    // Tenant B's "REPORT" has no twin: A's documents are not B's.
    const theirItems = await paged(other);
    expect(theirItems.find((f) => f.id === theirs.id).similarNameTo).toBeUndefined();
    expect(theirItems.find((f) => f.id === lonely.id).similarNameTo).toBeUndefined();
    expect(JSON.stringify(theirItems)).not.toContain(latin.id);

    // The full list and search say it too.
    const listed = (await me.call('GET', '/api/files/list')).body.files.find((f: { id: string }) => f.id === cyrillic.id);
    expect(listed.similarNameTo).toBeDefined();
    const found = (await me.call('GET', '/api/files/search?q=report')).body.items.find((f: { id: string }) => f.id === latin.id);
    expect(found.similarNameTo).toBeDefined();

    // Pages of one item: each of the three still finds a twin that is on another page.
    let cursor: string | null = null;
    const seen = new Map<string, unknown>();
    do {
      const page: { items: any[]; nextCursor: string | null } = // eslint-disable-line @typescript-eslint/no-explicit-any
        (await me.call('GET', `/api/files/list-paged?limit=1&sort=name${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.items).toHaveLength(1);
      seen.set(page.items[0].id, page.items[0].similarNameTo);
      cursor = page.nextCursor;
    } while (cursor);
    for (const f of [latin, lower, cyrillic]) expect(seen.get(f.id), f.name).toBeDefined();

    // Renamed apart and deleted: the hints go.
    await me.call('POST', '/api/files/rename', { oldFilePath: lower.filePath, newFilePath: 'Report for March' });
    await me.call('POST', '/api/files/delete', { filePath: cyrillic.filePath });
    const after = await paged(me);
    expect(after.find((f) => f.id === latin.id).similarNameTo).toBeUndefined();
  });

  it('documents stored before the skeleton column get theirs from the startup backfill', async () => {
    const a = (await me.call('POST', '/api/files/create', { filePath: 'Ledger', content: doc('a') })).body.file;
    const b = (await me.call('POST', '/api/files/create', { filePath: 'LEDGER', content: doc('b') })).body.file;
    await t.database.query('update files set name_skeleton = null where tenant_id = $1', [me.sub]);
    expect((await paged(me)).find((f) => f.id === a.id).similarNameTo).toBeUndefined();
    expect(await t.services.files.backfillNameSkeletons({ batch: 2 })).toBeGreaterThanOrEqual(2);
    expect((await paged(me)).find((f) => f.id === a.id).similarNameTo).toMatchObject({ fileId: b.id, displayName: 'LEDGER' });
  });
});
