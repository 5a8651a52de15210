import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser } from '../../test/api-client';
import { backupName, blobs, expectPopulated, freePort, populate, root, run, snapshot, withDatabase } from '../../test/backup-support';
import { PNG } from '../../test/feedback-support';
import { serverProcessArgs } from '../../test/server-process';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/db';
import { answerDumpRequests, answersDumpRequests } from '../db/pglite-dump-requests';
import { createIdentity } from '../modules/identity/identity';
import { createServices } from '../services';
import { backupCommand } from './backup';
import { restoreCommand } from './restore';

// Each run is a new process opening PGlite (~3 s, more on a busy machine).
describe.skipIf(process.env.BREE_TEST_POSTGRES === '1')('npm run backup and restore on the embedded database', { timeout: 300_000 }, () => {
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

  it('does not signal a Bree that does not take backup requests (SIGUSR2 would end it)', async () => {
    // This test process stands in for a Bree that holds the data dir and does not listen.
    writeFileSync(path.join(original, 'pglite.lock'), JSON.stringify({ pid: process.pid, hostname: os.hostname() }));
    try {
      const refused = await run('backup', ['--dir', path.join(work, 'refused')], { DATA_DIR: original });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Bree (process ${process.pid}) holds this data directory but does not take backup requests yet`);
      expect(readdirSync(path.join(work, 'refused'))).toEqual([]);
    } finally {
      rmSync(path.join(original, 'pglite.lock'), { force: true });
    }
  });

  it('backs up a real running Bree, which keeps serving', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: original,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const bree = spawn(process.execPath, await serverProcessArgs(), { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    // What the process says on stderr (an unhandled error's stack) names the cause if it ever exits non-zero.
    let stderr = '';
    bree.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => bree.on('close', resolve));
    try {
      // Bree listens for backup requests once it has set up its app, a moment before it serves.
      await expect.poll(() => answersDumpRequests(original, bree.pid!), { timeout: 120_000, interval: 200 }).toBe(true);
      const backup = await run('backup', ['--dir', path.join(work, 'live')], { DATA_DIR: original });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('It holds the embedded database and 1 attachment.');
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
    } finally {
      bree.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
    expect(answersDumpRequests(original, bree.pid!)).toBe(false);
    expect(existsSync(path.join(original, 'pglite.lock'))).toBe(false);
  });

  it('says what is wrong with a file that is not a backup, and with a wrong call', async () => {
    // In this process: these answers come before any database opens.
    const output = { stdout: '', stderr: '' };
    const io = {
      stdout: { write: (text: string) => Boolean((output.stdout += text)) } as unknown as NodeJS.WriteStream,
      stderr: { write: (text: string) => Boolean((output.stderr += text)) } as unknown as NodeJS.WriteStream,
    };
    const empty = path.join(work, 'empty');
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = empty;
    try {
      expect(await restoreCommand([path.join(root, 'package.json')], io)).toBe(1);
      expect(output.stderr).toBe(`${path.join(root, 'package.json')} is not a Bree backup: it is not a gzip-compressed archive.\n`);
      expect(existsSync(path.join(empty, 'pglite'))).toBe(false);

      output.stderr = '';
      expect(await restoreCommand([], io)).toBe(2);
      expect(output.stderr).toContain('Usage: npm run restore -- FILE [--force]');
      expect(await backupCommand(['--dir'], io)).toBe(2);
      expect(output.stderr).toContain('Usage: npm run backup -- [--dir DIR]');
    } finally {
      if (saved === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = saved;
    }
  });
});
