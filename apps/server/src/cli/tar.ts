/**
 * A Bree backup's tar (ustar) archive, written and read with tar-stream as streams, so large
 * attachments and dumps never sit in memory whole. Archives made here open with any `tar`
 * (`tar -tzf bree-backup-….tar.gz`), and those of Bree's earlier hand-written writer read here.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';

/** One regular file of the archive: its bytes in memory, or the path of a file to stream in. */
export type TarEntry = { name: string; data: Buffer } | { name: string; path: string; size: number };

/** A file's bytes as it is read, refusing one whose size moved since it was listed: its header already holds the old size. */
async function* fileBody(entry: { path: string; size: number }): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(entry.path) as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > entry.size) break;
    yield chunk;
  }
  if (read !== entry.size) throw new Error(`${entry.path} changed while it was being archived; run the backup again`);
}

async function addEntries(archive: Pack, entries: Iterable<TarEntry> | AsyncIterable<TarEntry>, mtime: Date): Promise<void> {
  for await (const entry of entries) {
    const header = { name: entry.name, mode: 0o644, mtime };
    if ('data' in entry) {
      await new Promise<void>((resolve, reject) => archive.entry(header, entry.data, (error) => (error ? reject(error) : resolve())));
      continue;
    }
    // One file open at a time: the next entry is added once this one's bytes are in the archive.
    await pipeline(fileBody(entry), archive.entry({ ...header, size: entry.size }));
  }
  archive.finalize();
}

/** The archive's bytes, entry by entry, ending with the two zero blocks (pipe it through gzip). */
export function tarStream(entries: Iterable<TarEntry> | AsyncIterable<TarEntry>, mtime = new Date()): Readable {
  const archive = pack();
  addEntries(archive, entries, mtime).catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive as unknown as Readable;
}

/** An entry met while reading: its body must be read (or is skipped) before the next one. */
export interface TarReadEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** tar-stream's words for a cut or damaged archive, in an administrator's. */
function explain(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Unexpected end of data') return new Error('the archive ends early (is the file complete?)');
  if (message.startsWith('Invalid tar header')) return new Error('damaged archive (a header does not check out)');
  // zlib's words for a file that is not gzip at all; its code stays, for callers that branch on it.
  if (message === 'incorrect header check') return Object.assign(new Error('it is not a gzip-compressed archive'), { code: 'Z_DATA_ERROR' });
  return error;
}

/** The archive's regular files in order, from a stream of (gunzipped) tar bytes; throws on any other kind of entry. */
export async function* readTar(source: AsyncIterable<Buffer> | Readable): AsyncGenerator<TarReadEntry> {
  const reader = extract();
  const feeding = pipeline(source, reader);
  // A reader that stops early (a refused entry) ends the pipeline; that break is not the error to report.
  feeding.catch(() => undefined);
  // When the archive breaks mid-entry the entry only says it was destroyed; the pipeline knows why.
  const cause = async (error: unknown) =>
    explain(
      await feeding.then(
        () => error,
        (failure: unknown) => failure,
      ),
    );
  try {
    for await (const entry of reader) {
      const { name, size, type } = entry.header;
      if (type !== 'file') throw new Error(`unexpected archive entry type '${type}' (${name})`);
      const body = async function* () {
        try {
          for await (const chunk of entry) yield chunk as Buffer;
        } catch (error) {
          throw await cause(error);
        }
      };
      // A plain generator over the entry, so callers hand it to Node's pipeline as any other source.
      yield { name, size, body: body() };
      // Whatever the caller left unread is skipped, so the next header lines up.
      entry.resume();
    }
    await feeding;
  } catch (error) {
    throw explain(error);
  }
}

/**
 * The files of a .tar.gz on disk, in order (readTar over its gunzipped bytes). The streams open at
 * the first read and their errors reach the reader: a file that is not gzip, or cannot be read, is a
 * thrown error, never an unhandled stream error that ends the process.
 */
export async function* readTarGz(file: string): AsyncGenerator<TarReadEntry> {
  const gunzip = createGunzip();
  const unzipping = pipeline(createReadStream(file), gunzip);
  // Its failure also destroys `gunzip`, which readTar reports; this promise only must not go unheard.
  unzipping.catch(() => undefined);
  yield* readTar(gunzip);
}
