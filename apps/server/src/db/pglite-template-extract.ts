// Unpacking the embedded database template (`db/pglite-template.ts`) straight onto disk: native file
// writes take a fraction of the time PGlite's `loadDataDir` spends copying the same files through its
// WebAssembly file system, and PGlite then opens the folder as an existing database.
import { mkdirSync, renameSync, rmSync, rmdirSync, writeFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);
const BLOCK = 512;

interface TemplateEntry {
  segments: string[];
  kind: 'file' | 'directory';
  mode: number;
  data: Buffer;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length).toString('utf8');
  const end = raw.indexOf('\0');
  return end === -1 ? raw : raw.slice(0, end);
}

function octalField(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('damaged tar header');
  return text === '' ? 0 : parseInt(text, 8);
}

/** The entries of PGlite's data-directory tar (ustar: directories and regular files), checked as they are read. */
function* templateEntries(tar: Buffer): Generator<TemplateEntry> {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    if (field(header, 257, 6) !== 'ustar') throw new Error('not a tar archive');
    // The checksum counts its own field as eight spaces.
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (sum !== octalField(header, 148, 8)) throw new Error('damaged tar header');
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.length === 0 || segments.includes('..')) throw new Error(`unexpected tar entry ${name}`);
    const size = octalField(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    if (data.length !== size) throw new Error('tar archive cut short');
    if (type === '5') yield { segments, kind: 'directory', mode: octalField(header, 100, 8) & 0o777, data };
    else if (type === '0' || type === '\0') yield { segments, kind: 'file', mode: octalField(header, 100, 8) & 0o777, data };
    else throw new Error(`unexpected tar entry type ${type}`);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('tar archive cut short');
}

/**
 * A template file's tar, every entry checked: what a database in memory loads with `loadDataDir`
 * (PGlite's own gunzip would leave a damaged file's error unhandled, ending the process).
 */
export async function readPgliteTemplateTar(file: string): Promise<Buffer> {
  const tar = await gunzipAsync(await readFile(file));
  let hasVersion = false;
  for (const entry of templateEntries(tar)) if (entry.kind === 'file' && entry.segments.join('/') === 'PG_VERSION') hasVersion = true;
  if (!hasVersion) throw new Error('the template holds no database');
  return tar;
}

/**
 * Unpacks a template file into the embedded database folder `location`, which must be missing or
 * empty: into a folder beside it first, then renamed into place, so a start cut short never leaves
 * half a database behind. Throws (leaving `location` as it was) when the file is damaged.
 */
export async function extractPgliteTemplate(opts: { file: string; location: string }): Promise<void> {
  const tar = await readPgliteTemplateTar(opts.file);
  const staging = `${opts.location}.template-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    for (const entry of templateEntries(tar)) {
      const target = path.join(staging, ...entry.segments);
      if (entry.kind === 'directory') {
        mkdirSync(target, { recursive: true, mode: entry.mode || 0o700 });
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: entry.mode || 0o600 });
    }
    if (existsSync(opts.location)) rmdirSync(opts.location);
    renameSync(staging, opts.location);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
