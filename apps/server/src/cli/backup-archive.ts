/**
 * What a Bree backup holds, shared by `npm run backup` and `npm run restore`. A backup is a
 * gzipped tar archive of:
 *   bree-backup.json        what the archive holds (BackupManifest)
 *   database/pglite.tar.gz  the embedded database (PGlite's own dump of its data directory), or
 *   database/bree.pgdump    the PostgreSQL database (pg_dump's custom format)
 *   blobs/<key>             each attachment of DATA_DIR/blobs (none when they live in S3)
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parsePostgresUrl } from '../db/postgres-hosts';
import { assertStorageKey } from '../lib/storage/storage';

export const MANIFEST_ENTRY = 'bree-backup.json';
export const PGLITE_ENTRY = 'database/pglite.tar.gz';
export const PGDUMP_ENTRY = 'database/bree.pgdump';
const BLOBS_PREFIX = 'blobs/';

export interface BackupManifest {
  format: 'bree-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** 'files': the attachments are in the archive; 's3': they stayed in the bucket. */
  blobs: 'files' | 's3';
}

/** `bree-backup-2026-11-28T01-12-00Z.tar.gz`: sorts by time, and holds no colon (Windows, scp). */
export function backupFileName(at: Date): string {
  return `bree-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/** Reads a manifest, or says why it is not a Bree backup's. */
export function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new Error('its bree-backup.json is not JSON');
  }
  if (value.format !== 'bree-backup') throw new Error('its bree-backup.json does not describe a Bree backup');
  if (value.version !== 1) throw new Error(`it was made by a newer Bree (backup format ${String(value.version)}); restore it with that version`);
  if (value.database !== 'pglite' && value.database !== 'postgres') throw new Error('its bree-backup.json names no known database');
  if (value.blobs !== 'files' && value.blobs !== 's3') throw new Error('its bree-backup.json does not say where attachments are');
  return { format: 'bree-backup', version: 1, createdAt: String(value.createdAt), database: value.database, blobs: value.blobs };
}

/** What an archive entry is; throws on a name a Bree backup never holds (such as `../x`). */
export function classifyEntry(name: string): { kind: 'manifest' | 'pglite' | 'pgdump' } | { kind: 'blob'; key: string } {
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  if (name === PGLITE_ENTRY) return { kind: 'pglite' };
  if (name === PGDUMP_ENTRY) return { kind: 'pgdump' };
  if (name.startsWith(BLOBS_PREFIX)) {
    const key = name.slice(BLOBS_PREFIX.length);
    if (isStorageKey(key)) return { kind: 'blob', key };
  }
  throw new Error(`it holds an entry no Bree backup has: ${name}`);
}

function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The archive entry of an attachment. */
export function blobEntryName(key: string): string {
  return `${BLOBS_PREFIX}${key}`;
}

/** Every stored attachment under `root` as key (`feedback/<id>/<id>`), path and size; none when the folder does not exist. */
export async function listBlobFiles(root: string): Promise<{ key: string; path: string; size: number }[]> {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: { key: string; path: string; size: number }[] = [];
  for (const name of names.sort()) {
    const full = path.join(root, name);
    const info = await stat(full);
    // File storage writes `<key>.<uuid>.part` and renames it: a half-written upload is not an attachment yet.
    if (!info.isFile() || name.endsWith('.part')) continue;
    const key = name.split(path.sep).join('/');
    if (!isStorageKey(key)) continue; // not a file Bree wrote, and one a restore would refuse
    found.push({ key, path: full, size: info.size });
  }
  return found;
}

/**
 * How pg_dump and pg_restore reach DATABASE_URL without showing its password to every user of
 * the host (`ps` lists arguments): the URL without it, and PGPASSWORD in their environment.
 */
export function pgToolConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const targets = parsePostgresUrl(databaseUrl);
  if (targets.hosts.length > 1) {
    // Several hosts (a primary and its standby) are no WHATWG URL; libpq's tools read them, with
    // target_session_attrs, as written: only the password is taken out of the text.
    const { password } = new URL(targets.url);
    return { dbname: password ? databaseUrl.replace(`:${password}@`, '@') : databaseUrl, env: password ? { PGPASSWORD: decodeURIComponent(password) } : {} };
  }
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}
