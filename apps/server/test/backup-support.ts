/**
 * What the backup and restore tests share: the commands run as an administrator runs them, a
 * Bree populated through its API, and row-for-row snapshots to compare a restore with.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { listBlobFiles } from '../src/cli/backup-archive';
import { createDatabase, type Database } from '../src/db/db';
import { doc, newUser, type TestUser } from './api-client';
import { PNG, fields, sendFeedback } from './feedback-support';

/** The repository's root, where npm scripts run. */
export const root = path.resolve(import.meta.dirname, '../../..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- …` or `npm run restore -- …` as an administrator runs it (the script itself, without npm's banner). */
export function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
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
export async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  const result: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    const rows = await database.query(`select * from "${tablename}"`);
    result[tablename] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** Several documents with versions, a voice profile and a feedback screenshot, written through the API. */
export async function populate(app: FastifyInstance): Promise<TestUser> {
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
export function expectPopulated(rows: Record<string, string[]>): void {
  expect(rows.files).toHaveLength(4);
  expect(rows.files!.join()).toContain('third draft of Two');
  expect(rows.file_versions!.length).toBeGreaterThanOrEqual(6);
  expect(rows.voice_profiles!.join()).toContain('Short, salty sentences.');
}

export async function blobs(dataDir: string): Promise<{ key: string; bytes: string }[]> {
  return (await listBlobFiles(path.join(dataDir, 'blobs'))).map((blob) => ({ key: blob.key, bytes: readFileSync(blob.path).toString('base64') }));
}

export async function withDatabase<T>(opts: { url?: string; dataDir: string }, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase(opts);
  try {
    // As Bree does when it starts on a restored database.
    await database.migrate();
    return await use(database);
  } finally {
    await database.close();
  }
}

/** A port nothing listens on, for a Bree started by a test. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The archive's path in the command's first line. */
export const backupName = /^Backup written: (.+\/bree-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz)$/m;
