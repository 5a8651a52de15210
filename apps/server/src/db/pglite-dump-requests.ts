/**
 * How `npm run backup` gets a consistent copy of an embedded database that a running Bree
 * holds (PGlite serves one process at a time, and copying its files under it is not
 * consistent). The command writes a request file under `<DATA_DIR>/pglite-dumps/` and sends
 * the Bree process SIGUSR2; Bree dumps the database between two queries (PGlite's
 * `dumpDataDir`) into `<id>.tar.gz` next to the request, or writes the reason into
 * `<id>.failed`. Only someone who may signal Bree's process and write into its DATA_DIR can
 * ask, and Bree writes nowhere but that folder. Bree announces it listens in `listening.json`:
 * without it (an older Bree, or one still starting) the command does not signal, since
 * SIGUSR2 ends a Node.js process that does not listen for it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const DUMP_SIGNAL = 'SIGUSR2';
const REQUEST_ID = /^[A-Za-z0-9-]{1,80}$/;

/** The folder of requests and answers. */
export function dumpRequestsDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite-dumps');
}

function listeningPath(dataDir: string): string {
  return path.join(dumpRequestsDir(dataDir), 'listening.json');
}

/**
 * Bree's side: answers each request on SIGUSR2 with `dump()`, one at a time. Answers the
 * function that stops listening (call it before closing the database).
 */
export function answerDumpRequests({
  dataDir,
  dump,
  onError,
}: {
  dataDir: string;
  dump: () => Promise<Buffer>;
  onError: (error: unknown) => void;
}): () => void {
  const dir = dumpRequestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  let queue = Promise.resolve();

  const answer = async (id: string) => {
    const base = path.join(dir, id);
    try {
      const data = await dump();
      // A command that stopped waiting took its request back: nobody would collect the dump.
      if (!existsSync(`${base}.request`)) return;
      await writeFile(`${base}.tar.gz.partial`, data);
      await rename(`${base}.tar.gz.partial`, `${base}.tar.gz`);
    } catch (error) {
      onError(error);
      await writeFile(`${base}.failed`, error instanceof Error ? error.message : String(error)).catch(onError);
    } finally {
      await rm(`${base}.request`, { force: true });
    }
  };
  const onSignal = () => {
    queue = queue.then(async () => {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch (error) {
        onError(error);
        return;
      }
      for (const name of names) {
        const id = name.endsWith('.request') ? name.slice(0, -'.request'.length) : '';
        if (REQUEST_ID.test(id)) await answer(id);
      }
    });
  };
  process.on(DUMP_SIGNAL, onSignal);
  writeFileSync(listeningPath(dataDir), `${JSON.stringify({ pid: process.pid })}\n`);
  return () => {
    process.off(DUMP_SIGNAL, onSignal);
    rmSync(listeningPath(dataDir), { force: true });
  };
}

/** True when the process `pid` said it answers dump requests for this data dir. */
export function answersDumpRequests(dataDir: string, pid: number): boolean {
  try {
    const value = JSON.parse(readFileSync(listeningPath(dataDir), 'utf8')) as { pid?: unknown };
    return value.pid === pid;
  } catch {
    return false;
  }
}

/** The outcome of asking a running Bree for a dump. */
export type DumpAnswer = { ok: true; dump: Buffer } | { ok: false; reason: 'timeout' } | { ok: false; reason: 'failed'; message: string };

/**
 * The command's side: asks process `pid` for a dump and waits for its answer, checking every
 * `pollMs` until `timeoutMs` has passed.
 */
export async function requestDump({
  dataDir,
  pid,
  timeoutMs,
  pollMs = 100,
}: {
  dataDir: string;
  pid: number;
  timeoutMs: number;
  pollMs?: number;
}): Promise<DumpAnswer> {
  const dir = dumpRequestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
  writeFileSync(`${base}.request`, '');
  process.kill(pid, DUMP_SIGNAL);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (existsSync(`${base}.tar.gz`)) return { ok: true, dump: await readFile(`${base}.tar.gz`) };
      if (existsSync(`${base}.failed`)) return { ok: false, reason: 'failed', message: await readFile(`${base}.failed`, 'utf8') };
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return { ok: false, reason: 'timeout' };
  } finally {
    for (const suffix of ['.request', '.tar.gz', '.failed']) rmSync(`${base}${suffix}`, { force: true });
  }
}
