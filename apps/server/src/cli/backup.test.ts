import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from '../../test/api-client';
import { PNG, fields, sendFeedback } from '../../test/feedback-support';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/db';
import { answerDumpRequests } from '../db/pglite-dump-requests';
import { createIdentity } from '../modules/identity/identity';
import { createServices } from '../services';
import { listBlobFiles } from './backup-archive';

const root = path.resolve(import.meta.dirname, '../../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- …` or `npm run restore -- …` as an administrator runs it (the script itself, without npm's banner). */
function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'S3_BUCKET'].includes(key)));
    const child = spawn(process.execPath, [`scripts/${command}.mjs`, ...args], { cwd: root, env: { ...clean, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every row of every table of Bree's schema, as comparable text. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  const result: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    const rows = await database.query(`select * from "${tablename}"`);
    result[tablename] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** Several documents with versions, a voice profile and a feedback screenshot, written through the API. */
async function populate(app: FastifyInstance): Promise<TestUser> {
  const writer = await newUser(app, 'backup');
  for (const name of ['One', 'Two', 'Three']) {
    const file = (await writer.call('POST', '/api/files/create', { filePath: name, content: doc(`first draft of ${name}`) })).body.file;
    const updates = [
      await writer.call('POST', '/api/files/content-only-update', {
        fileId: file.id,
        content: doc(`second draft of ${name}`),
        baseRevision: 1,
        operationId: `backup-${name}-1`,
      }),
      await writer.call('POST', '/api/versions/create', { fileId: file.id, reason: 'leave' }),
      await writer.call('POST', '/api/files/content-only-update', {
        fileId: file.id,
        content: doc(`third draft of ${name}`),
        baseRevision: 2,
        operationId: `backup-${name}-2`,
      }),
    ];
    expect(updates.map((update) => update.status)).toEqual([200, 200, 200]);
  }
  expect((await writer.call('PUT', '/api/voice/profile', { styleGuide: '- Short, salty sentences.', userNotes: 'No semicolons.' })).status).toBe(200);
  const sent = await sendFeedback(app, writer, [
    ...fields('the backup test'),
    { name: 'screenshot', file: { filename: 's.png', type: 'image/png', data: PNG } },
  ]);
  expect(sent.status).toBeLessThan(300);
  const other = await newUser(app, 'backup-other');
  await other.call('POST', '/api/files/create', { filePath: 'Elsewhere', content: doc('another tenant') });
  return writer;
}

/** What the comparison rests on, so that two empty databases could never pass it. */
function expectPopulated(rows: Record<string, string[]>): void {
  expect(rows.files).toHaveLength(4);
  expect(rows.files!.join()).toContain('third draft of Two');
  expect(rows.file_versions!.length).toBeGreaterThanOrEqual(6);
  expect(rows.voice_profiles!.join()).toContain('Short, salty sentences.');
}

async function blobs(dataDir: string): Promise<{ key: string; bytes: string }[]> {
  return (await listBlobFiles(path.join(dataDir, 'blobs'))).map((blob) => ({ key: blob.key, bytes: readFileSync(blob.path).toString('base64') }));
}

async function withDatabase<T>(opts: { url?: string; dataDir: string }, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase(opts);
  try {
    // As Bree does when it starts on a restored database.
    await database.migrate();
    return await use(database);
  } finally {
    await database.close();
  }
}

const backupName = /^Backup written: (.+\/bree-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz)$/m;

// Each run is a new process opening PGlite (~3 s, more on a busy machine).
describe.skipIf(process.env.BREE_TEST_POSTGRES === '1')('npm run backup and restore on the embedded database', { timeout: 180_000 }, () => {
  let work: string;
  let original: string;
  let database: Database;
  let app: FastifyInstance | null = null;
  let stopAnswering: (() => void) | null = null;
  let file: string;
  const restored = () => path.join(work, 'restored');

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'bree-backup-'));
    original = path.join(work, 'original');
    database = await createDatabase({ dataDir: original });
    await database.migrate();
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'silent', DATA_DIR: original });
    const identity = await createIdentity({ config, database });
    app = await buildApp({ config, database, identity, services: createServices({ database, config }) });
    app.addHook('onClose', () => identity.close());
    await app.ready();
    await populate(app);
    // This test process stands in for a running Bree, wired as main.ts wires it.
    stopAnswering = answerDumpRequests({ dataDir: original, dump: () => database.dumpEmbedded!(), onError: () => {} });
  });
  afterAll(async () => {
    stopAnswering?.();
    await app?.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up while Bree serves, and the restore holds every document, version, voice profile and attachment', async () => {
    const backup = await run('backup', ['--dir', path.join(work, 'backups')], { DATA_DIR: original });

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('It holds the embedded database and 1 attachment.');
    file = backupName.exec(backup.stdout)![1]!;
    expect(path.dirname(file)).toBe(path.join(work, 'backups'));
    const before = await snapshot(database);
    expectPopulated(before);

    const restore = await run('restore', [file], { DATA_DIR: restored() });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored the embedded database into ${path.join(restored(), 'pglite')}`);
    expect(restore.stdout).toContain('Restored 1 attachment into');
    expect(await withDatabase({ dataDir: restored() }, snapshot)).toEqual(before);
    const attachments = await blobs(original);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.bytes).toBe(PNG.toString('base64'));
    expect(await blobs(restored())).toEqual(attachments);
  });

  it('refuses a data dir that holds a database unless --force, and backs up a stopped Bree', async () => {
    const refused = await run('restore', [file], { DATA_DIR: restored() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${restored()} already holds a Bree database (${path.join(restored(), 'pglite')}). Restore into an empty one, or add --force to replace what it holds (that is lost).\n`,
    );

    const writer = await newUser(app!, 'later');
    await writer.call('POST', '/api/files/create', { filePath: 'Later', content: doc('written after the first backup') });
    const before = await snapshot(database);
    stopAnswering!();
    stopAnswering = null;
    await app!.close();
    app = null;
    await database.close();

    const backup = await run('backup', ['--dir', path.join(work, 'backups')], { DATA_DIR: original });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const second = backupName.exec(backup.stdout)![1]!;
    expect(existsSync(path.join(original, 'pglite.lock'))).toBe(false);

    const forced = await run('restore', [second, '--force'], { DATA_DIR: restored() });
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const after = await withDatabase({ dataDir: restored() }, snapshot);
    expect(after).toEqual(before);
    expect(after.files!.join()).toContain('written after the first backup');
  });

  it('says what is wrong with a file that is not a backup, and with a wrong call', async () => {
    const notBackup = await run('restore', [path.join(root, 'package.json')], { DATA_DIR: path.join(work, 'empty') });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toBe(`${path.join(root, 'package.json')} is not a Bree backup: it is not a gzip-compressed archive.\n`);
    expect(existsSync(path.join(work, 'empty', 'pglite'))).toBe(false);

    const usage = await run('restore', [], { DATA_DIR: path.join(work, 'empty') });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run restore -- FILE [--force]');
  });
});

describe.runIf(process.env.BREE_TEST_POSTGRES === '1' && process.env.TEST_DATABASE_URL)(
  'npm run backup and restore on PostgreSQL',
  { timeout: 120_000 },
  () => {
    let work: string;
    let t: TestApp;
    const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/unset');
    const name = `${target.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
    const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    target.pathname = `/${name}`;

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'bree-backup-pg-'));
      await resetDatabase(await getTestDatabase());
      t = await createTestApp({ DATA_DIR: path.join(work, 'original') });
      await populate(t.app);
      const client = admin();
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
    });
    afterAll(async () => {
      await t.close();
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      rmSync(work, { recursive: true, force: true });
    });

    it('backs up with pg_dump and restores into an empty database, refusing a non-empty one', async () => {
      const backup = await run('backup', [], { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: path.join(work, 'original') });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('It holds the PostgreSQL database and 1 attachment.');
      const file = backupName.exec(backup.stdout)![1]!;
      expect(path.dirname(file)).toBe(path.join(work, 'original', 'backups'));
      const before = await snapshot(t.database);
      expectPopulated(before);

      const env = { DATABASE_URL: target.toString(), DATA_DIR: path.join(work, 'restored') };
      const restore = await run('restore', [file], env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(await withDatabase({ url: target.toString(), dataDir: 'memory://' }, snapshot)).toEqual(before);
      expect(await blobs(path.join(work, 'restored'))).toEqual(await blobs(path.join(work, 'original')));

      const refused = await run('restore', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The database of DATABASE_URL is not empty.');
    });
  },
);
