import { checkFileName, cleanName, FILES, fitFileName, nameLength, nameStem, NAME_MAX_LENGTH } from '@bree/contracts';
import { filesErrors } from './files.errors';

/**
 * How a path is read. 'write': a writer's name for a document (create, upload, rename, claim,
 * sync) — a name or folder longer than NAME_MAX_LENGTH, or a path longer than
 * FILES.maxPathLength, after cleaning, is refused. 'lookup': a path naming a document that may
 * already be stored — never refused for its length, so every stored path can be read, renamed,
 * deleted and downloaded.
 */
export type PathUse = { kind: 'write'; field: string } | { kind: 'lookup' };

const LOOKUP: PathUse = { kind: 'lookup' };

/** The raw segments of a path: split at / and \, blank ones dropped. */
function rawSegments(input: string): string[] {
  return input
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s.trim() !== '');
}

/**
 * Normalizes a file path: every segment cleaned (names.ts: NFC, no bidi or zero-width
 * characters, trimmed), no leading slash, no `.` or `..`, and the last segment ends in .txt
 * (docs/PRODUCT.md#documents). Folders are only path prefixes. A segment with nothing visible left is refused.
 */
export function normalizePath(input: string, use: PathUse = LOOKUP): string {
  const raw = rawSegments(input);
  const field = use.kind === 'write' ? use.field : undefined;
  if (raw.length === 0) throw filesErrors.invalidPath('the name is empty.', field);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (raw.some((s) => /[\u0000-\u001f]/.test(s))) throw filesErrors.invalidPath('control characters are not allowed.', field);
  const segments = raw.map(cleanName);
  if (segments.some((s) => !s) || !nameStem(segments.at(-1)!).trim()) throw filesErrors.invalidPath('the name is empty.', field);
  if (segments.some((s) => s === '.' || s === '..')) throw filesErrors.invalidPath('"." and ".." are not allowed.', field);
  const last = checkFileName(segments.at(-1)!);
  segments[segments.length - 1] = last.name;
  const path = segments.join('/');
  if (use.kind === 'write') {
    if (segments.some((s) => nameLength(s) > NAME_MAX_LENGTH))
      throw filesErrors.invalidPath(`a name can be at most ${NAME_MAX_LENGTH} characters, its .txt ending included.`, use.field);
    if (nameLength(path) > FILES.maxPathLength) throw filesErrors.invalidPath(`a path can be at most ${FILES.maxPathLength} characters.`, use.field);
  }
  return path;
}

/** A directory prefix without slashes at either end ('' for the root), its folders cleaned like names. */
export function normalizeDirectory(input: string | undefined): string {
  return rawSegments(input ?? '')
    .map(cleanName)
    .filter(Boolean)
    .join('/');
}

/** The last segment of a path: the stored name (with .txt). */
export function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/** The folder part of a path, with its trailing slash ('' for the root). */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

/**
 * A path Bree makes from another (a copy's " (copy)", a first line's name): its name cleaned
 * and cut so that name + suffix + .txt fit NAME_MAX_LENGTH.
 */
export function derivedPath(path: string, suffix = ''): string {
  return `${folderOf(path)}${fitFileName(baseName(path), suffix) || FILES.defaultName}`;
}

/** Adds " 2", " 3"… before .txt until the path is free, cutting the name so it still fits NAME_MAX_LENGTH. */
export function uniquePath(path: string, taken: Set<string>): string {
  if (!taken.has(path)) return path;
  for (let n = 2; ; n++) {
    const candidate = derivedPath(path, ` ${n}`);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The start every path `uniquePath` may answer for `path` shares (its name cut for the longest
 * suffix), for finding the paths already taken.
 */
export function uniqueStem(path: string): string {
  const longest = ' 999999';
  return derivedPath(path, longest).slice(0, -(longest.length + FILES.extension.length));
}
