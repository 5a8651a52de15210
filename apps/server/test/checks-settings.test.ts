import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { CHECKS_IGNORED_MAX, DEFAULT_CHECK_SETTINGS, type CheckSettings } from '@bree/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importAccountCommand } from '../src/cli/import-account';
import { selectRows } from '../src/db/db';
import { exportAs, json, readArchive } from './account-export-support';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * The author's Checks settings, kept with the voice profile, and the findings ignored per document
 * (docs/CHECKS.md "Settings and what is remembered").
 */
describe('Checks settings and ignored findings', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bree-checks-'));
    t = await createTestApp({ DATA_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
  });

  const mine: CheckSettings = { disabledRules: ['passive-voice', 'tone-drift'], longSentenceWords: 28, extraCliches: ['at the end of the day'] };

  async function newDoc(user: TestUser, name: string): Promise<string> {
    const res = await user.call('POST', '/api/files/create', { filePath: name, content: doc('A draft.') });
    expect(res.status).toBe(200);
    return res.body.file.id as string;
  }

  it('answers the defaults until saved, then what was saved', async () => {
    const me = await newUser(t.app, 'settings');
    expect(await me.call('GET', '/api/checks/settings')).toMatchObject({ status: 200, body: DEFAULT_CHECK_SETTINGS });
    expect(await me.call('PUT', '/api/checks/settings', mine)).toMatchObject({ status: 200, body: mine });
    expect(await me.call('GET', '/api/checks/settings')).toMatchObject({ status: 200, body: mine });
    // Saving the settings makes no voice out of nothing: the profile is still the unlearned one.
    expect((await me.call('GET', '/api/voice/profile')).body).toMatchObject({ status: 'idle', stats: null, styleGuide: '' });
    // The voice's own edits keep the settings.
    expect((await me.call('PUT', '/api/voice/profile', { userNotes: 'Short sentences.' })).status).toBe(200);
    expect((await me.call('GET', '/api/checks/settings')).body).toEqual(mine);
  });

  it('refuses settings out of range with validation_failed and keeps the saved ones', async () => {
    const me = await newUser(t.app, 'invalid');
    expect((await me.call('PUT', '/api/checks/settings', mine)).status).toBe(200);
    const bad: unknown[] = [
      { ...mine, longSentenceWords: 9 },
      { ...mine, longSentenceWords: 201 },
      { ...mine, longSentenceWords: 20.5 },
      { ...mine, disabledRules: ['no-such-rule'] },
      { ...mine, extraCliches: Array.from({ length: 501 }, (_, i) => `cliche ${i}`) },
      { ...mine, extraCliches: ['x'] },
      { disabledRules: [], longSentenceWords: 30 },
      { ...mine, extra: true },
    ];
    for (const body of bad) {
      expect(await me.call('PUT', '/api/checks/settings', body)).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    }
    // The issues carry zod's English messages: the contracts are zod/mini, which brings none of its own.
    expect((await me.call('PUT', '/api/checks/settings', { ...mine, longSentenceWords: 9 })).body.error.details).toEqual({
      fields: ['longSentenceWords'],
      issues: [{ field: 'longSentenceWords', message: 'Too small: expected number to be >=10' }],
    });
    expect((await me.call('GET', '/api/checks/settings')).body).toEqual(mine);
  });

  it("keeps each author's settings and ignored findings to that author", async () => {
    const me = await newUser(t.app, 'owner');
    const other = await newUser(t.app, 'other');
    expect((await me.call('PUT', '/api/checks/settings', mine)).status).toBe(200);
    expect((await other.call('GET', '/api/checks/settings')).body).toEqual(DEFAULT_CHECK_SETTINGS);

    const fileId = await newDoc(me, 'Mine');
    expect(await me.call('POST', '/api/checks/ignored', { fileId, findingId: 'cliche:b1:0000abcd', ignored: true })).toMatchObject({
      status: 200,
      body: { ignored: ['cliche:b1:0000abcd'] },
    });
    // Another author's document is not found, to read or to change; nothing of it changes.
    expect(await other.call('GET', `/api/checks/ignored?fileId=${fileId}`)).toMatchObject({ status: 404, body: { error: { code: 'file_not_found' } } });
    expect(await other.call('POST', '/api/checks/ignored', { fileId, findingId: 'x:1', ignored: true })).toMatchObject({ status: 404 });
    expect(await other.call('POST', '/api/checks/ignored', { fileId, findingId: 'cliche:b1:0000abcd', ignored: false })).toMatchObject({ status: 404 });
    expect((await me.call('GET', `/api/checks/ignored?fileId=${fileId}`)).body).toEqual({ ignored: ['cliche:b1:0000abcd'] });
    expect(await me.call('GET', `/api/checks/ignored?fileId=no-such-file`)).toMatchObject({ status: 404 });
  });

  it('remembers ignored findings per document, idempotently, forgetting the oldest past the limit', async () => {
    const me = await newUser(t.app, 'ignore');
    const fileId = await newDoc(me, 'Draft');
    const otherDoc = await newDoc(me, 'Other');
    const ignore = (findingId: string, ignored = true) => me.call('POST', '/api/checks/ignored', { fileId, findingId, ignored });
    expect((await me.call('GET', `/api/checks/ignored?fileId=${fileId}`)).body).toEqual({ ignored: [] });
    await ignore('a');
    await ignore('b');
    expect((await ignore('a')).body).toEqual({ ignored: ['a', 'b'] });
    expect((await ignore('a', false)).body).toEqual({ ignored: ['b'] });
    expect((await ignore('a', false)).body).toEqual({ ignored: ['b'] });
    expect((await me.call('GET', `/api/checks/ignored?fileId=${otherDoc}`)).body).toEqual({ ignored: [] });
    // The document's other metadata is untouched, and it is not 'edited' by an ignore.
    const before = (await me.call('POST', '/api/files/get', { fileId })).body.file;
    await ignore('c');
    const after = (await me.call('POST', '/api/files/get', { fileId })).body.file;
    expect(after.metadata).toEqual({ ...before.metadata, checksIgnored: ['b', 'c'] });
    expect(after.lastModified).toBe(before.lastModified);
    // A bad body: a stable code.
    expect(await me.call('POST', '/api/checks/ignored', { fileId, findingId: '', ignored: true })).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed' } },
    });
    expect(await me.call('POST', '/api/checks/ignored', { fileId, findingId: 'x'.repeat(201), ignored: true })).toMatchObject({ status: 400 });
    expect(await me.call('POST', '/api/checks/ignored', { fileId, findingId: 'a' })).toMatchObject({ status: 400 });
    // Past the limit the oldest is forgotten.
    const full = Array.from({ length: CHECKS_IGNORED_MAX }, (_, i) => `n${i}`);
    const patched = await me.call('PATCH', `/api/files/metadata/${encodeURIComponent(me.sub)}/Draft`, { metadata: { checksIgnored: full } });
    expect(patched.status).toBe(200);
    const kept = (await ignore('last')).body.ignored as string[];
    expect(kept).toHaveLength(CHECKS_IGNORED_MAX);
    expect(kept[0]).toBe('n1');
    expect(kept.at(-1)).toBe('last');
    // Ignoring one already remembered keeps the list as it is.
    expect((await ignore('n500')).body.ignored).toEqual(kept);
  });

  it('replays PUT /api/checks/settings by X-Operation-Id', async () => {
    const me = await newUser(t.app, 'replay');
    const operationId = randomUUID();
    const put = (body: CheckSettings) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/checks/settings',
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'x-operation-id': operationId },
        payload: body,
      });
    expect((await put(mine)).statusCode).toBe(200);
    expect((await put(mine)).json()).toEqual(mine);
    expect((await put({ ...mine, longSentenceWords: 50 })).statusCode).toBe(409);
    expect((await me.call('GET', '/api/checks/settings')).body).toEqual(mine);
  });

  it('exports the settings and ignored findings, and imports them into another account', async () => {
    const writer = await newUser(t.app, 'exporter');
    expect((await writer.call('PUT', '/api/checks/settings', mine)).status).toBe(200);
    const fileId = await newDoc(writer, 'Novel');
    await writer.call('POST', '/api/checks/ignored', { fileId, findingId: 'long-sentence:b2:12345678', ignored: true });
    const bytes = (await exportAs(t, writer)).rawPayload;
    const archive = await readArchive(bytes);
    expect(json(archive, 'voice/profile.json')).toMatchObject({ checkSettings: mine });
    expect(json(archive, 'documents/Novel/meta.json').metadata).toMatchObject({ checksIgnored: ['long-sentence:b2:12345678'] });

    const file = path.join(dir, 'bree-export.tar.gz');
    await writeFile(file, bytes);
    const email = `importer-${Date.now()}@example.com`;
    const importer = await newUser(t.app, 'importer', email);
    let errors = '';
    const stream = (sink: (s: string) => void) =>
      new Writable({ write: (chunk: Buffer, _enc, done) => (sink(chunk.toString()), done()) }) as unknown as NodeJS.WriteStream;
    const code = await importAccountCommand(
      ['--file', file, '--email', email],
      { stdout: stream(() => {}), stderr: stream((s) => (errors += s)) },
      { database: t.database },
    );
    expect(errors).toBe('');
    expect(code).toBe(0);
    expect((await importer.call('GET', '/api/checks/settings')).body).toEqual(mine);
    const novel = ((await importer.call('GET', '/api/files/list')).body.files as { id: string; name: string }[]).find((f) => f.name === 'Novel.txt')!;
    expect((await importer.call('GET', `/api/checks/ignored?fileId=${novel.id}`)).body).toEqual({ ignored: ['long-sentence:b2:12345678'] });
  });

  it('deletes the settings with the account', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const me = await newUser(t.app, 'leaving', email);
    expect((await me.call('PUT', '/api/checks/settings', mine)).status).toBe(200);
    expect((await me.call('POST', '/api/account/delete', { email, password: 'a long password' })).status).toBe(200);
    const rows = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from voice_profiles where tenant_id = ${me.sub}`);
    expect(rows[0]!.n).toBe(0);
    const again = await newUser(t.app, 'after');
    expect((await again.call('GET', '/api/checks/settings')).body).toEqual(DEFAULT_CHECK_SETTINGS);
  });
});
