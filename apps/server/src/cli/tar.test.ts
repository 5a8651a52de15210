import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTarHeader, readTar, tarHeader, tarStream } from './tar';

const work = mkdtempSync(path.join(os.tmpdir(), 'bree-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of source) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** Splits bytes into small uneven chunks, as a stream may hand them over. */
async function* chunked(bytes: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
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

    const read: { name: string; body: Buffer }[] = [];
    for await (const entry of readTar(chunked(archive))) read.push({ name: entry.name, body: await collect(entry.body) });
    expect(read.map((e) => e.name)).toEqual(['bree-backup.json', 'blobs/feedback/x/y', 'empty']);
    expect(read[0]!.body.toString()).toBe('{"a":1}');
    expect(read[1]!.body.equals(big)).toBe(true);
    expect(read[2]!.body.length).toBe(0);
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

  it.runIf(existsSync('/usr/bin/tar') || existsSync('/bin/tar'))('writes archives that tar itself opens', async () => {
    const file = path.join(work, 'check.tar');
    writeFileSync(file, await collect(tarStream([{ name: 'blobs/feedback/a/b', data: Buffer.from('hello') }])));
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' })).toBe('blobs/feedback/a/b\n');
    execFileSync('tar', ['-xf', file, '-C', work]);
    expect(readFileSync(path.join(work, 'blobs/feedback/a/b'), 'utf8')).toBe('hello');
  });

  it('refuses a damaged header, a cut archive and a name too long to store', async () => {
    const header = tarHeader('name', 3);
    expect(parseTarHeader(header)).toEqual({ name: 'name', size: 3 });
    header[0] = 'm'.charCodeAt(0);
    expect(() => parseTarHeader(header)).toThrow('damaged archive');
    expect(() => tarHeader('x'.repeat(101), 1)).toThrow('1 to 100 bytes');

    const archive = await collect(tarStream([{ name: 'a', data: Buffer.from('x'.repeat(2000)) }]));
    const reading = (async () => {
      for await (const entry of readTar(Readable.from([archive.subarray(0, 1000)]))) await collect(entry.body);
    })();
    await expect(reading).rejects.toThrow('the archive ends early');
  });
});
