import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteLockPath } from '../src/db/pglite-lock';
import { freePort } from './multiprocess/harness';
import { serverProcessArgs } from './server-process';

/**
 * What an operator reads when Bree cannot start (docs/DEPLOY.md, 'When Bree does not start'): one
 * line on stderr that names the variable to fix, exit code 1, and the stack only at LOG_LEVEL=debug.
 * Real processes, running the server bundle `npm start` runs (test/server-process.ts).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Pw-never-shown-9f3k';

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs Bree with `env` over a neutral base (embedded database, a free port) until it exits. */
async function runBree({ env, uid }: { env: Record<string, string>; uid?: number }): Promise<Ended> {
  const base: NodeJS.ProcessEnv = { ...process.env, BREE_TEST_POSTGRES: '', HOST: '127.0.0.1', WEB_DIST_DIR: path.join(os.tmpdir(), 'bree-no-web-build') };
  delete base.DATABASE_URL;
  delete base.LOG_LEVEL;
  const args = await serverProcessArgs();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A start that does not fail is a failed test: it is ended after a minute rather than left running.
  const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** The one line of a refused start: nothing on stdout, exit code 1, exactly one line on stderr. */
function oneLine(ended: Ended): string {
  expect({ code: ended.code, stdout: ended.stdout }).toEqual({ code: 1, stdout: '' });
  expect(ended.stderr).toMatch(/^Bree cannot start: [^\n]+\n$/);
  return ended.stderr.trimEnd();
}

/** A server that accepts connections and never says a word: a database host behind a black hole. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Nothing here reads the test database: the PostgreSQL run of the server suite skips it rather than repeat it.
const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

describe.skipIf(onPostgres)('a start Bree refuses', { timeout: 90_000 }, () => {
  let work: string;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  // Started first and awaited last: its connection timeout runs while the other cases run.
  let hanging: Promise<Ended>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'bree-startup-'));
    silent = await silentServer();
    hanging = runBree({ env: { DATABASE_URL: `postgres://bree:${PASSWORD}@127.0.0.1:${silent.port}/bree`, PORT: String(await freePort()) } });
  });
  afterAll(async () => {
    await hanging;
    await silent.close();
    // What a test made unreadable is made readable again, so that a non-root run can remove it.
    for (const dir of ['read-only', 'shared/pglite']) chmodSync(path.join(work, dir), 0o755);
    rmSync(work, { recursive: true, force: true });
  });

  it('says which setting is invalid, in one line', async () => {
    const line = oneLine(await runBree({ env: { PORT: 'abc', DATABASE_URL: 'mysql://x' } }));
    expect(line).toMatch(/^Bree cannot start: invalid configuration: .*PORT.*DATABASE_URL/);
  });

  it('names PORT when the port is in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const line = oneLine(await runBree({ env: { PORT: String(port), DATA_DIR: path.join(work, 'port') } }));
      expect(line).toBe(`Bree cannot start: PORT ${port} is in use on 127.0.0.1; stop the program using it or set PORT to a free port.`);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('names HOST when it is not an address of this machine', async () => {
    const line = oneLine(await runBree({ env: { HOST: '203.0.113.7', PORT: String(await freePort()), DATA_DIR: path.join(work, 'host') } }));
    expect(line).toBe('Bree cannot start: HOST 203.0.113.7 is not an address of this machine; set HOST to 0.0.0.0 or one of its addresses.');
  });

  it('names DATA_DIR when it is a file, or under a file', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a directory');
    const port = String(await freePort());
    expect(oneLine(await runBree({ env: { DATA_DIR: file, PORT: port } }))).toBe(
      `Bree cannot start: DATA_DIR ${file} is a file; set DATA_DIR to a directory Bree can write to.`,
    );
    expect(oneLine(await runBree({ env: { DATA_DIR: path.join(file, 'data'), PORT: port } }))).toBe(
      `Bree cannot start: DATA_DIR ${path.join(file, 'data')} is inside ${file}, which is a file; set DATA_DIR to a directory Bree can write to.`,
    );
  });

  it('names DATA_DIR when Bree may not write to it, or to what it holds', async () => {
    // Root writes anywhere: as root, Bree runs as the unprivileged user `nobody` here.
    const uid = process.getuid?.() === 0 ? 65534 : undefined;
    const readOnly = path.join(work, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    chmodSync(work, 0o755);
    const user = uid ?? process.getuid!();
    const port = String(await freePort());
    expect(oneLine(await runBree({ env: { DATA_DIR: readOnly, PORT: port }, uid }))).toBe(
      `Bree cannot start: DATA_DIR ${readOnly} is not writable by this process (user ${user}); give it write access or set DATA_DIR to a directory it can write to.`,
    );

    // A writable DATA_DIR whose database folder another user made (a first start as root, say).
    const shared = path.join(work, 'shared');
    mkdirSync(path.join(shared, 'pglite'), { recursive: true });
    chmodSync(shared, 0o777);
    chmodSync(path.join(shared, 'pglite'), uid === undefined ? 0o000 : 0o700);
    expect(oneLine(await runBree({ env: { DATA_DIR: shared, PORT: port }, uid }))).toBe(
      `Bree cannot start: DATA_DIR ${shared} holds ${path.join(shared, 'pglite')}, which this process (user ${user}) may not use; give it access or set DATA_DIR to a directory it can write to.`,
    );
  });

  it('names DATA_DIR and the process that holds it when another Bree uses it', async () => {
    const dataDir = path.join(work, 'held');
    mkdirSync(dataDir);
    // This test's own process is alive: for the start, the directory is held.
    writeFileSync(pgliteLockPath(dataDir), JSON.stringify({ pid: process.pid, hostname: os.hostname() }));
    expect(oneLine(await runBree({ env: { DATA_DIR: dataDir, PORT: String(await freePort()) } }))).toBe(
      `Bree cannot start: DATA_DIR ${dataDir} is in use by another Bree process (pid ${process.pid}).`,
    );
  });

  it('names DATABASE_URL and its host, never its password, when nothing answers there; the stack only at LOG_LEVEL=debug', async () => {
    const dbPort = await freePort();
    const env = { DATABASE_URL: `postgres://bree:${PASSWORD}@127.0.0.1:${dbPort}/bree`, PORT: String(await freePort()) };
    const line = oneLine(await runBree({ env }));
    expect(line).toBe(`Bree cannot start: the database of DATABASE_URL (127.0.0.1:${dbPort}) cannot be reached: connection refused.`);

    const debug = await runBree({ env: { ...env, LOG_LEVEL: 'debug' } });
    expect(debug.code).toBe(1);
    const [first, ...rest] = debug.stderr.trimEnd().split('\n');
    expect(first).toBe(line);
    expect(rest.join('\n')).toMatch(/ECONNREFUSED[\s\S]*\n\s+at /);
    expect(debug.stderr).not.toContain(PASSWORD);
  });

  it('gives up on a database host that never answers within seconds, naming DATABASE_URL', async () => {
    const ended = await hanging;
    expect(oneLine(ended)).toBe(`Bree cannot start: the database of DATABASE_URL (127.0.0.1:${silent.port}) cannot be reached: no answer within 5 seconds.`);
    expect(ended.ms).toBeLessThan(15_000);
    expect(ended.stderr).not.toContain(PASSWORD);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('says PostgreSQL refused the password without showing it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.password = PASSWORD;
    const ended = await runBree({ env: { DATABASE_URL: url.toString(), PORT: String(await freePort()) } });
    expect(oneLine(ended)).toBe(
      `Bree cannot start: the database of DATABASE_URL (${url.hostname}:${url.port || 5432}) refused the user name or password in DATABASE_URL.`,
    );
    expect(ended.stderr).not.toContain(PASSWORD);
  });
});
