import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is a single-process database that does not lock its files itself: two processes
 * writing one data dir corrupt it. Bree therefore holds `<DATA_DIR>/pglite.lock` (its process
 * id and host) while it has the embedded database open, taken before anything in the data dir
 * is opened (`acquirePgliteLock`): a second Bree refuses to start, and maintenance commands
 * such as `npm run reset-password` refuse a data dir that a running Bree holds.
 */
export interface PgliteLockHolder {
  pid: number;
  hostname: string;
}

/** The data dir's lock, held by this process until `release()` (also called when the process exits). */
export interface PgliteLock {
  release(): void;
}

/** A start refused because another live process holds the data dir: said in one line, without a stack. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: PgliteLockHolder,
  ) {
    const where = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
    super(`Bree cannot start: DATA_DIR ${dataDir} is in use by another Bree process (pid ${holder.pid}${where}).`);
    this.name = 'DataDirInUseError';
  }
}

/** How old a takeover mark may be before it counts as left by a process that died while holding it (it is held for microseconds). */
const TAKEOVER_STALE_MS = 10_000;
/** A lock file without readable content this young may still be being written (the fallback without hard links). */
const UNREADABLE_GRACE_MS = 2_000;
const MAX_ATTEMPTS = 200;

/** The data dirs this process holds, and the exact text of each lock file it wrote. */
const held = new Map<string, string>();

export function pgliteLockPath(dataDir: string): string {
  return path.resolve(dataDir, 'pglite.lock');
}

/**
 * Takes the data dir's lock or throws {@link DataDirInUseError}. The lock file appears whole or not
 * at all (a hard link of a file already written; `link` fails when the name exists), so of two
 * processes starting at once exactly one gets it. A lock left by a process that has ended (kill -9,
 * a power cut) is taken over: it is removed only under a takeover mark (an exclusive `mkdir`) and
 * only if it still is the same dead process's, so two processes taking it over cannot both win.
 */
export function acquirePgliteLock({ dataDir }: { dataDir: string }): PgliteLock {
  const dir = path.resolve(dataDir);
  const file = pgliteLockPath(dir);
  const me: PgliteLockHolder = { pid: process.pid, hostname: os.hostname() };
  if (held.has(dir)) throw new DataDirInUseError(dir, me);
  mkdirSync(dir, { recursive: true });
  // The token makes this lock's text unlike any other, even one left by an earlier process with the same pid.
  const text = `${JSON.stringify({ ...me, token: randomBytes(12).toString('hex') })}\n`;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (createExclusive(file, text)) {
      held.set(dir, text);
      return holdUntilRelease(dir, text);
    }
    const found = readText(file);
    if (found === null) continue; // released in the meantime
    const holder = parseHolder(found);
    if (holder && isLive(holder, dir)) throw new DataDirInUseError(dir, holder);
    if (!holder && Date.now() - mtimeMs(file) < UNREADABLE_GRACE_MS) {
      pause(10);
      continue;
    }
    removeStale(file, found);
  }
  throw new Error(`Could not take ${file}: it keeps changing.`);
}

function holdUntilRelease(dir: string, text: string): PgliteLock {
  const release = () => {
    process.removeListener('exit', release);
    if (held.get(dir) !== text) return;
    held.delete(dir);
    // Only this process's own lock is removed: never one another process took over meanwhile.
    if (readText(pgliteLockPath(dir)) === text) rmSync(pgliteLockPath(dir), { force: true });
  };
  process.once('exit', release);
  return { release };
}

/** Writes the complete lock file under a private name, then links it to `file`: false when `file` exists. */
function createExclusive(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: an exclusive create, whose content follows at once.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') return createWithExclusiveFlag(file, text);
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function createWithExclusiveFlag(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes `file` if it still holds `stale`, while holding the takeover mark; without the mark, waits a moment instead. */
function removeStale(file: string, stale: string): void {
  const mark = `${file}.takeover`;
  try {
    mkdirSync(mark);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; a mark this old was left by one that died holding it.
    if (Date.now() - mtimeMs(mark) > TAKEOVER_STALE_MS) rmSync(mark, { recursive: true, force: true });
    else pause(10);
    return;
  }
  try {
    if (readText(file) === stale) rmSync(file, { force: true });
  } finally {
    rmdirSync(mark);
  }
}

/** Blocks the thread for `ms`: a start waits here only while another process is taking over a stale lock. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether the holder runs: a live process of this host (this process only for a data dir it holds), or any process of another host (which cannot be checked from here). */
function isLive(holder: PgliteLockHolder, dir: string): boolean {
  if (holder.hostname !== os.hostname()) return true;
  // An earlier process with this pid (a container's pid 1 after a restart) left it.
  if (holder.pid === process.pid) return held.has(dir);
  return isAlive(holder.pid);
}

/**
 * Who else has this data dir open: a live process of this host, or a process of another host
 * (which cannot be checked from here, so it counts as running). Null when the dir is free or
 * the mark is left over from a process that has ended.
 */
export function pgliteLockHolder(dataDir: string): PgliteLockHolder | null {
  const text = readText(pgliteLockPath(dataDir));
  const holder = text === null ? null : parseHolder(text);
  if (!holder) return null;
  if (holder.hostname !== os.hostname()) return holder;
  if (holder.pid === process.pid) return null;
  return isAlive(holder.pid) ? holder : null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseHolder(text: string): PgliteLockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<PgliteLockHolder>;
    if (typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0 && typeof value.hostname === 'string') {
      return { pid: value.pid, hostname: value.hostname };
    }
  } catch {
    /* unreadable: no holder */
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
