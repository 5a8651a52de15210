import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteLockPath } from '../src/db/pglite-lock';
import { freePort } from './multiprocess/harness';
import { httpApi, httpSignUp } from './multiprocess/http-sign-in';
import { serverProcessArgs } from './server-process';

/**
 * One embedded data directory, one Bree (docs/DEPLOY.md): real processes started as `npm start`
 * starts the server, on the embedded database whatever the run (their environment has no DATABASE_URL).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

interface Bree {
  child: ChildProcess;
  pid: number;
  output(): { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** The server's Node.js arguments, read once before the tests (test/server-process.ts). */
let serverArgs: string[] = [];

function startBree({ dataDir, port, publicUrl }: { dataDir: string; port: number; publicUrl: string }): Bree {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BREE_TEST_POSTGRES: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'bree-no-web-build'),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, serverArgs, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, pid: child.pid!, output: () => ({ stdout, stderr }), exited };
}

/** Resolves once GET /api/ready answers 200; rejects when the process ends first. */
async function ready(bree: Bree, port: number): Promise<void> {
  let ended = false;
  void bree.exited.then(() => (ended = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`Bree exited while starting:\n${JSON.stringify(bree.output())}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), bree.exited]);
  }
  throw new Error(`Bree was not ready:\n${JSON.stringify(bree.output())}`);
}

async function stop(bree: Bree, signal: NodeJS.Signals): Promise<number | null> {
  if (bree.child.exitCode === null && bree.child.signalCode === null) bree.child.kill(signal);
  await bree.exited;
  return bree.child.exitCode;
}

const inUse = (dataDir: string, pid: number) => `Bree cannot start: DATA_DIR ${dataDir} is in use by another Bree process (pid ${pid}).\n`;

// Nothing here reads the test database (its Brees run on an embedded database whatever the run): the PostgreSQL
// run of the server suite (BREE_TEST_POSTGRES=1, scripts/test-postgres.mjs) skips it rather than repeat it.
const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

describe.skipIf(onPostgres)('one Bree per embedded data directory', { timeout: 300_000 }, () => {
  let work: string;
  const running: Bree[] = [];
  const track = (bree: Bree) => (running.push(bree), bree);

  beforeAll(async () => {
    serverArgs = await serverProcessArgs();
    work = mkdtempSync(path.join(os.tmpdir(), 'bree-datadir-'));
  });
  afterAll(async () => {
    await Promise.all(running.map((bree) => stop(bree, 'SIGKILL')));
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a second Bree on a data directory in use, keeps the first one’s data, and takes over a killed one’s lock', async () => {
    const dataDir = path.join(work, 'shared');
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const first = track(startBree({ dataDir, port, publicUrl }));
    await ready(first, port);
    const session = await httpSignUp(publicUrl, { email: 'one@example.com', password: 'a long password' });
    const api = httpApi(publicUrl, session);
    const created: string[] = [];
    const create = async (name: string) => {
      const answer = await api('POST', '/api/files/create', { filePath: name, content: doc(`text of ${name}`) });
      expect(answer.status).toBe(200);
      created.push(String(answer.body.file.id));
    };
    for (let i = 0; i < 5; i++) await create(`before ${i}`);

    // Another port, then the same one: both refused at once, naming the directory and the holder.
    for (const secondPort of [await freePort(), port]) {
      const second = track(startBree({ dataDir, port: secondPort, publicUrl }));
      expect(await second.exited).toBe(1);
      expect(second.output().stderr).toBe(inUse(dataDir, first.pid));
      expect(second.output().stdout).toBe('');
    }
    for (let i = 0; i < 5; i++) await create(`after ${i}`);

    // A clean stop leaves no lock; the next start has every acknowledged write.
    expect(await stop(first, 'SIGTERM')).toBe(0);
    expect(existsSync(pgliteLockPath(dataDir))).toBe(false);
    const again = track(startBree({ dataDir, port, publicUrl }));
    await ready(again, port);
    const listed = await api('GET', '/api/files/list');
    expect(listed.status).toBe(200);
    expect(listed.body.files.map((f: { id: string }) => f.id).sort()).toEqual([...created].sort());
    await create('before the crash');

    // kill -9 leaves the lock with a dead process's pid: the next start takes it over.
    await stop(again, 'SIGKILL');
    expect(JSON.parse(readFileSync(pgliteLockPath(dataDir), 'utf8')).pid).toBe(again.pid);
    const third = track(startBree({ dataDir, port, publicUrl }));
    await ready(third, port);
    expect(JSON.parse(readFileSync(pgliteLockPath(dataDir), 'utf8')).pid).toBe(third.pid);
    const afterCrash = await api('GET', '/api/files/list');
    expect(afterCrash.body.files.map((f: { id: string }) => f.id).sort()).toEqual([...created].sort());
    expect(await stop(third, 'SIGTERM')).toBe(0);
  });

  it('lets exactly one of two Bree processes started at the same instant on a new data directory win', async () => {
    const dataDir = path.join(work, 'together');
    const ports = [await freePort(), await freePort()];
    const pair = ports.map((port) => track(startBree({ dataDir, port, publicUrl: `http://127.0.0.1:${port}` })));
    const outcome = await Promise.race(pair.map((bree, i) => bree.exited.then(() => i)));
    const loser = pair[outcome]!;
    const winner = pair[1 - outcome]!;
    expect(await loser.exited).toBe(1);
    expect(loser.output().stderr).toBe(inUse(dataDir, winner.pid));
    await ready(winner, ports[1 - outcome]!);
    expect(await stop(winner, 'SIGTERM')).toBe(0);
  });

  it('exits on a port in use before it creates or opens the database', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const dataDir = path.join(work, 'new');
      const bree = track(startBree({ dataDir, port, publicUrl: `http://127.0.0.1:${port}` }));
      expect(await bree.exited).toBe(1);
      expect(bree.output().stderr).toBe(`Bree cannot start: PORT ${port} is in use on 127.0.0.1; stop the program using it or set PORT to a free port.\n`);
      // Nothing of a database was written: no pglite folder, no lock left behind.
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
