import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is a single-process database that does not lock its files itself: two processes
 * writing one data dir corrupt it. Bree therefore writes `<DATA_DIR>/pglite.lock` (its process
 * id and host) while it has the embedded database open, and maintenance commands such as
 * `npm run reset-password` refuse to open a data dir that a running Bree holds.
 */
export interface PgliteLockHolder {
  pid: number;
  hostname: string;
}

export function pgliteLockPath(dataDir: string): string {
  return path.resolve(dataDir, 'pglite.lock');
}

/** Marks the data dir as open by this process. */
export function writePgliteLock(dataDir: string): void {
  const holder: PgliteLockHolder = { pid: process.pid, hostname: os.hostname() };
  writeFileSync(pgliteLockPath(dataDir), `${JSON.stringify(holder)}\n`);
}

/** Removes the mark, if it is this process's own. */
export function removePgliteLock(dataDir: string): void {
  const holder = readHolder(dataDir);
  if (holder && holder.pid === process.pid && holder.hostname === os.hostname()) rmSync(pgliteLockPath(dataDir), { force: true });
}

/**
 * Who else has this data dir open: a live process of this host, or a process of another host
 * (which cannot be checked from here, so it counts as running). Null when the dir is free or
 * the mark is left over from a process that has ended.
 */
export function pgliteLockHolder(dataDir: string): PgliteLockHolder | null {
  const holder = readHolder(dataDir);
  if (!holder) return null;
  if (holder.hostname !== os.hostname()) return holder;
  if (holder.pid === process.pid) return null;
  return isAlive(holder.pid) ? holder : null;
}

function readHolder(dataDir: string): PgliteLockHolder | null {
  let text: string;
  try {
    text = readFileSync(pgliteLockPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<PgliteLockHolder>;
    if (typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0 && typeof value.hostname === 'string') {
      return { pid: value.pid, hostname: value.hostname };
    }
  } catch {
    /* unreadable: treated as no lock */
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
