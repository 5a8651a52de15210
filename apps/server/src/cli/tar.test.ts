import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, readTarGz, tarStream } from './tar';

const work = mkdtempSync(path.join(os.tmpdir(), 'bree-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A backup written by Bree's earlier hand-written ustar writer (before tar-stream): manifest, pg_dump file, attachment. */
const OLD_WRITER_BACKUP = path.resolve(import.meta.dirname, '../../test/fixtures/old-writer-backup.tar.gz');

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of source) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function collectNames(entries: AsyncIterable<{ name: string }>): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of entries) names.push(entry.name);
  return names;
}

/** Splits bytes into small uneven chunks, as a stream may hand them over. */
async function* chunked(bytes: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(source: AsyncIterable<Buffer> | Readable): Promise<{ name: string; body: Buffer }[]> {
  const read: { name: string; body: Buffer }[] = [];
  for await (const entry of readTar(source)) read.push({ name: entry.name, body: await collect(entry.body) });
  return read;
}

describe('tar', () => {
  it('reads back what it wrote, entries in memory and on disk, whatever the chunking', async () => {
    const onDisk = path.join(work, 'big.bin');
    const big = Buffer.alloc(70_000, 7);
    writeFileSync(onDisk, big);
    const archive = await collect(
      tarStream([
        { name: 'bree-backup.json', data: Buffer.from('{"a":1}') },
        { name: 'blobs/feedback/x/y', path: onDisk, size: big.length },
        { name: 'empty', data: Buffer.alloc(0) },
      ]),
    );
    expect(archive.length % 512).toBe(0);

    const read = await readAll(chunked(archive));
    expect(read.map((e) => e.name)).toEqual(['bree-backup.json', 'blobs/feedback/x/y', 'empty']);
    expect(read[0]!.body.toString()).toBe('{"a":1}');
    expect(read[1]!.body.equals(big)).toBe(true);
    expect(read[2]!.body.length).toBe(0);
  });

  it('reads a backup written by the earlier hand-written writer, byte for byte', async () => {
    const read = await readAll(createReadStream(OLD_WRITER_BACKUP).pipe(createGunzip()));
    expect(read.map((e) => [e.name, e.body.length])).toEqual([
      ['bree-backup.json', 135],
      ['database/bree.pgdump', 1773],
      ['blobs/feedback/01KBOLDWRITER00000000000000/01KBOLDWRITER00000000000001', 1300],
    ]);
    expect(JSON.parse(read[0]!.body.toString())).toMatchObject({ format: 'bree-backup', database: 'postgres' });
    expect(read[1]!.body.subarray(0, 5).toString()).toBe('PGDMP');
    expect(read[2]!.body.equals(Buffer.from(Array.from({ length: 1300 }, (_, i) => (i * 7) % 256)))).toBe(true);
  });

  it('skips the bodies a reader leaves unread', async () => {
    const archive = await collect(
      tarStream([
        { name: 'a', data: Buffer.from('x'.repeat(1000)) },
        { name: 'b', data: Buffer.from('second') },
      ]),
    );
    const names: string[] = [];
    let second = '';
    for await (const entry of readTar(chunked(archive, 100))) {
      names.push(entry.name);
      if (entry.name === 'b') second = (await collect(entry.body)).toString();
    }
    expect(names).toEqual(['a', 'b']);
    expect(second).toBe('second');
  });

  it.runIf(existsSync('/usr/bin/tar') || existsSync('/bin/tar'))('writes archives that tar itself opens, long names too', async () => {
    const file = path.join(work, 'check.tar');
    const long = `blobs/${'d'.repeat(120)}/${'f'.repeat(120)}`;
    writeFileSync(
      file,
      await collect(
        tarStream([
          { name: 'blobs/feedback/a/b', data: Buffer.from('hello') },
          { name: long, data: Buffer.from('far') },
        ]),
      ),
    );
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' })).toBe(`blobs/feedback/a/b\n${long}\n`);
    execFileSync('tar', ['-xf', file, '-C', work]);
    expect(readFileSync(path.join(work, 'blobs/feedback/a/b'), 'utf8')).toBe('hello');
    expect((await readAll(Readable.from([readFileSync(file)]))).map((e) => e.name)).toEqual(['blobs/feedback/a/b', long]);
  });

  it('refuses a damaged header, a cut archive and an entry that is not a regular file', async () => {
    const archive = await collect(tarStream([{ name: 'a', data: Buffer.from('x'.repeat(2000)) }]));
    const damaged = Buffer.from(archive);
    damaged[0] = 'b'.charCodeAt(0);
    await expect(readAll(Readable.from([damaged]))).rejects.toThrow('damaged archive (a header does not check out)');
    await expect(readAll(Readable.from([archive.subarray(0, 1000)]))).rejects.toThrow('the archive ends early (is the file complete?)');

    const links = pack();
    links.entry({ name: 'blobs/feedback/a/b', type: 'symlink', linkname: '/etc/passwd' });
    links.finalize();
    await expect(readAll(links as unknown as Readable)).rejects.toThrow("unexpected archive entry type 'symlink' (blobs/feedback/a/b)");
  });

  it('reads a .tar.gz from disk, and refuses a file that is not gzip or is missing with a thrown error, however late it is read', async () => {
    expect(await collectNames(readTarGz(OLD_WRITER_BACKUP))).toHaveLength(3);

    const notGzip = path.join(work, 'not-an-export.tar.gz');
    writeFileSync(notGzip, 'not gzip at all');
    const unhandled: unknown[] = [];
    const hear = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', hear);
    try {
      const late = readTarGz(notGzip);
      // The caller reads later (it looked an account up first): nothing may fail unheard meanwhile.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      await expect(collectNames(late)).rejects.toThrow('it is not a gzip-compressed archive');
      await expect(collectNames(readTarGz(path.join(work, 'missing.tar.gz')))).rejects.toThrow(/ENOENT/);
    } finally {
      process.off('uncaughtException', hear);
    }
    expect(unhandled).toEqual([]);
  });

  it('refuses a file that changed size while it was archived', async () => {
    const onDisk = path.join(work, 'moving.bin');
    writeFileSync(onDisk, Buffer.alloc(600, 1));
    await expect(collect(tarStream([{ name: 'grew', path: onDisk, size: 500 }]))).rejects.toThrow('changed while it was being archived');
    await expect(collect(tarStream([{ name: 'shrank', path: onDisk, size: 700 }]))).rejects.toThrow('changed while it was being archived');
  });
});
