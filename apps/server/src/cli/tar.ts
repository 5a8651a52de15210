/**
 * The small part of POSIX tar (ustar) a Bree backup needs: regular files with names of at most
 * 100 bytes, written and read as streams so large attachments and dumps never sit in memory
 * whole. Archives made here open with any `tar` (`tar -tzf bree-backup-….tar.gz`).
 */
import { createReadStream } from 'node:fs';

const BLOCK = 512;

/** One regular file of the archive: its bytes in memory, or the path of a file to stream in. */
export type TarEntry = { name: string; data: Buffer } | { name: string; path: string; size: number };

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date = new Date(0)): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length === 0 || nameBytes.length > 100) throw new Error(`A backup entry name must be 1 to 100 bytes: ${name}`);
  const header = Buffer.alloc(BLOCK);
  nameBytes.copy(header, 0);
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** Name and size of a header block; null for the zero block that ends an archive. Throws on anything but a regular file. */
export function parseTarHeader(block: Buffer): { name: string; size: number } | null {
  if (block.every((byte) => byte === 0)) return null;
  const field = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (parseInt(field(148, 8).trim(), 8) !== sum) throw new Error('damaged archive (a header checksum does not match)');
  const type = field(156, 1);
  if (type !== '0' && type !== '') throw new Error(`unexpected archive entry type '${type}'`);
  const prefix = field(345, 155);
  const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
  return { name, size: parseInt(field(124, 12).trim(), 8) };
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The archive's bytes, entry by entry, ending with the two zero blocks (pipe it through gzip). */
export async function* tarStream(entries: Iterable<TarEntry> | AsyncIterable<TarEntry>, mtime = new Date()): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if ('data' in entry) {
      yield tarHeader(entry.name, entry.data.length, mtime);
      yield entry.data;
      yield padding(entry.data.length);
      continue;
    }
    yield tarHeader(entry.name, entry.size, mtime);
    let written = 0;
    for await (const chunk of createReadStream(entry.path) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    // A file that changed size while being archived would shift every later header.
    if (written !== entry.size) throw new Error(`${entry.path} changed while it was being archived; run the backup again`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  #pending: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `size` bytes, in the pieces they arrive in; throws when the stream ends first. */
  async *take(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      if (this.#pending.length === 0) {
        const next = await this.source.next();
        if (next.done) throw new Error('the archive ends early (is the file complete?)');
        this.#pending = next.value;
      }
      const piece = this.#pending.subarray(0, left);
      this.#pending = this.#pending.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async read(size: number): Promise<Buffer> {
    const pieces: Buffer[] = [];
    for await (const piece of this.take(size)) pieces.push(piece);
    return Buffer.concat(pieces);
  }
}

/** An entry met while reading: its body must be read (or skipped) before the next one. */
export interface TarReadEntry {
  name: string;
  size: number;
  body: AsyncGenerator<Buffer>;
}

/** The archive's entries in order, from a stream of (gunzipped) tar bytes. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarReadEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = parseTarHeader(await reader.read(BLOCK));
    if (!header) return;
    const body = reader.take(header.size);
    yield { ...header, body };
    // Whatever the caller left unread is skipped, so the next header lines up.
    for await (const piece of body) void piece;
    await reader.read(padding(header.size).length);
  }
}
