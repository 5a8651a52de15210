import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquirePgliteLock, DataDirInUseError, pgliteLockHolder, pgliteLockPath } from './pglite-lock';

/** The pid of a process that has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  return ended.pid!;
}

const holderIn = (dir: string) => JSON.parse(readFileSync(pgliteLockPath(dir), 'utf8')) as { pid: number; hostname: string };

describe('the embedded data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'bree-lock-')), 'data');
  });
  afterEach(() => {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('is taken on a new directory, refused to a second taker while held, and gone after release', () => {
    const lock = acquirePgliteLock({ dataDir: dir });
    expect(holderIn(dir)).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(() => acquirePgliteLock({ dataDir: dir })).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(pgliteLockPath(dir))).toBe(false);
    // Only the lock file was ever left in the directory: the drafts are gone.
    acquirePgliteLock({ dataDir: dir }).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a live process’s lock, naming the directory and its pid, and leaves it as it was', () => {
    const live = JSON.stringify({ pid: process.ppid, hostname: os.hostname() });
    mkdirSync(dir, { recursive: true });
    writeFileSync(pgliteLockPath(dir), live);
    expect(() => acquirePgliteLock({ dataDir: dir })).toThrow(`Bree cannot start: DATA_DIR ${dir} is in use by another Bree process (pid ${process.ppid}).`);
    expect(readFileSync(pgliteLockPath(dir), 'utf8')).toBe(live);
    // Another host's process cannot be checked from here: it counts as running.
    writeFileSync(pgliteLockPath(dir), JSON.stringify({ pid: deadPid(), hostname: 'elsewhere' }));
    expect(() => acquirePgliteLock({ dataDir: dir })).toThrow(/in use by another Bree process \(pid \d+ on elsewhere\)/);
  });

  it('takes over the lock of a process that has ended, and an unreadable one', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(pgliteLockPath(dir), JSON.stringify({ pid: deadPid(), hostname: os.hostname() }));
    expect(pgliteLockHolder(dir)).toBeNull();
    const lock = acquirePgliteLock({ dataDir: dir });
    expect(holderIn(dir).pid).toBe(process.pid);
    lock.release();

    writeFileSync(pgliteLockPath(dir), 'not json');
    const old = new Date(Date.now() - 60_000);
    utimesSync(pgliteLockPath(dir), old, old);
    acquirePgliteLock({ dataDir: dir }).release();
    expect(existsSync(pgliteLockPath(dir))).toBe(false);
  });

  it('clears a takeover mark left by a process that died holding it', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(pgliteLockPath(dir), JSON.stringify({ pid: deadPid(), hostname: os.hostname() }));
    const mark = `${pgliteLockPath(dir)}.takeover`;
    mkdirSync(mark);
    const old = new Date(Date.now() - 60_000);
    utimesSync(mark, old, old);
    acquirePgliteLock({ dataDir: dir }).release();
    expect(existsSync(mark)).toBe(false);
  });

  it('releases only its own lock, never one another process took over meanwhile', () => {
    const lock = acquirePgliteLock({ dataDir: dir });
    const other = JSON.stringify({ pid: process.ppid, hostname: os.hostname() });
    writeFileSync(pgliteLockPath(dir), other);
    lock.release();
    expect(readFileSync(pgliteLockPath(dir), 'utf8')).toBe(other);
  });
});
