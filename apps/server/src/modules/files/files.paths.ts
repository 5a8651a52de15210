import { normalizeFileName } from '@bree/contracts';
import { filesErrors } from './files.errors';

/**
 * Normalizes a file path: trimmed segments, no leading slash, no `.` or `..`, and the
 * last segment ends in .txt (1-core §5). Folders are only path prefixes.
 */
export function normalizePath(input: string): string {
  const segments = input
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0) throw filesErrors.invalidPath('the name is empty.');
  if (segments.some((s) => s === '.' || s === '..')) throw filesErrors.invalidPath('"." and ".." are not allowed.');
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (segments.some((s) => /[\u0000-\u001f]/.test(s))) throw filesErrors.invalidPath('control characters are not allowed.');
  segments[segments.length - 1] = normalizeFileName(segments[segments.length - 1]!);
  return segments.join('/');
}

/** A directory prefix without slashes at either end ('' for the root). */
export function normalizeDirectory(input: string | undefined): string {
  return (input ?? '')
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
}

/** The last segment of a path: the stored name (with .txt). */
export function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/** Adds " 2", " 3"… before .txt until the path is free. */
export function uniquePath(path: string, taken: Set<string>): string {
  if (!taken.has(path)) return path;
  const stem = path.slice(0, -4);
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}.txt`;
    if (!taken.has(candidate)) return candidate;
  }
}
