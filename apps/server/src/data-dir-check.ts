import { statSync } from 'node:fs';
import path from 'node:path';
import { acquirePgliteLock, type PgliteLock } from './db/pglite-lock';
import { StartupError } from './startup-error';

const FIX = 'set DATA_DIR to a directory Bree can write to';

/**
 * Takes the embedded database's data directory lock (`db/pglite-lock.ts`), creating the directory
 * when it is missing. A DATA_DIR that is a file, lies inside a file, or that this process may not
 * write is refused with a {@link StartupError} that names DATA_DIR (docs/DEPLOY.md, 'When Bree does
 * not start'); one in use by another Bree, with the lock's own one-line error.
 */
export function lockDataDir({ dataDir }: { dataDir: string }): PgliteLock {
  try {
    return acquirePgliteLock({ dataDir });
  } catch (error) {
    throw dataDirProblem({ dataDir, error }) ?? error;
  }
}

/**
 * The one-line refusal for a file system error met in DATA_DIR (taking its lock, opening the embedded
 * database there); null for any other error, which is not about the directory.
 */
export function dataDirProblem({ dataDir, error }: { dataDir: string; error: unknown }): StartupError | null {
  const dir = path.resolve(dataDir);
  const { code, path: failed } = error as NodeJS.ErrnoException;
  const cause = { cause: error };
  const user = process.getuid ? ` (user ${process.getuid()})` : '';
  // Something that exists inside DATA_DIR (a database folder another user made): name it.
  const inside = typeof failed === 'string' && path.resolve(failed).startsWith(dir + path.sep) && exists(failed) ? path.resolve(failed) : null;
  if ((code === 'EACCES' || code === 'EPERM') && inside) {
    return new StartupError(
      `Bree cannot start: DATA_DIR ${dir} holds ${inside}, which this process${user} may not use; give it access or set DATA_DIR to a directory it can write to.`,
      cause,
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return exists(dir)
      ? new StartupError(
          `Bree cannot start: DATA_DIR ${dir} is not writable by this process${user}; give it write access or set DATA_DIR to a directory it can write to.`,
          cause,
        )
      : new StartupError(
          `Bree cannot start: DATA_DIR ${dir} cannot be created by this process${user}; create it with write access or set DATA_DIR to a directory it can write to.`,
          cause,
        );
  }
  if (code === 'EROFS') return new StartupError(`Bree cannot start: DATA_DIR ${dir} is on a read-only file system; ${FIX}.`, cause);
  if (code === 'ENOSPC') return new StartupError(`Bree cannot start: DATA_DIR ${dir} is on a full disk; free some space or ${FIX}.`, cause);
  if (inside || (code !== 'EEXIST' && code !== 'ENOTDIR')) return null;
  const file = firstFileOnPath(dir);
  if (file === dir) return new StartupError(`Bree cannot start: DATA_DIR ${dir} is a file; ${FIX}.`, cause);
  if (file) return new StartupError(`Bree cannot start: DATA_DIR ${dir} is inside ${file}, which is a file; ${FIX}.`, cause);
  return null;
}

/** The path itself or its nearest ancestor that exists and is not a directory; null when there is none. */
function firstFileOnPath(target: string): string | null {
  let current = target;
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) return current;
      // An existing directory: whatever is wrong lies below it.
      return null;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return null;
      current = parent;
    }
  }
}

function exists(target: string): boolean {
  try {
    statSync(target);
    return true;
  } catch {
    return false;
  }
}
