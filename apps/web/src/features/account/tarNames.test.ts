import { describe, expect, it } from 'vitest';
import { createTarNameScanner } from './tarNames';

/** One 512-byte ustar header (checksums are not read by the scanner). */
function header({ name, size, type = '0', prefix = '' }: { name: string; size: number; type?: string; prefix?: string }): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, at: number) => block.set(new TextEncoder().encode(text), at);
  put(name, 0);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124);
  put(type, 156);
  put('ustar\0', 257);
  put(prefix, 345);
  return block;
}

function entry(args: { name: string; data: string; type?: string; prefix?: string }): Uint8Array[] {
  const data = new TextEncoder().encode(args.data);
  const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
  body.set(data);
  return [header({ ...args, size: data.length }), body];
}

function archive(): Uint8Array {
  const long = `documents/${'A very long title '.repeat(12)}/meta.json`;
  // A pax record starts with its own length; the scanner reads only the path after it.
  const record = `${long.length + 12} path=${long}\n`;
  const parts = [
    ...entry({ name: 'README.md', data: '# Your Bree data\n'.repeat(100) }),
    ...entry({ name: 'meta.json', prefix: 'documents/Essay', data: '{}' }),
    ...entry({ name: 'PaxHeader', type: 'x', data: record }),
    ...entry({ name: 'documents/A very long/meta.json', data: '{"long":true}' }),
    ...entry({ name: 'usage/months.json', data: '[]' }),
    new Uint8Array(1024),
  ];
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

describe('createTarNameScanner', () => {
  const expected = ['README.md', 'documents/Essay/meta.json', `documents/${'A very long title '.repeat(12)}/meta.json`, 'usage/months.json'];

  it('names every entry, with ustar prefixes and pax long names, skipping contents', () => {
    expect(createTarNameScanner().push(archive())).toEqual(expected);
  });

  it('reads the same names whatever the chunks the bytes arrive in', () => {
    const bytes = archive();
    for (const size of [1, 7, 511, 513, 1500]) {
      const scanner = createTarNameScanner();
      const names: string[] = [];
      for (let at = 0; at < bytes.length; at += size) names.push(...scanner.push(bytes.subarray(at, at + size)));
      expect(names, `chunks of ${size}`).toEqual(expected);
    }
  });
});
