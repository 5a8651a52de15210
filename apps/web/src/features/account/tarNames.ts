/**
 * The names of a tar archive's entries, read from its bytes as they arrive (after gunzip), with
 * the contents skipped: how the account export counts the documents that have arrived
 * (docs/ACCOUNT.md "Export all my data"). Knows ustar names with their prefix, and the long names
 * of pax (`path=`) and GNU (`L`) headers, which is all tar-stream writes.
 */
const BLOCK = 512;

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function octal(bytes: Uint8Array): number {
  return parseInt(text(bytes).trim() || '0', 8);
}

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

/** The `path` record of a pax header's data (`<length> path=<name>\n`…), or null. */
function paxPath(data: Uint8Array): string | null {
  for (const record of new TextDecoder().decode(data).split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1]!;
  }
  return null;
}

/** A scanner fed the archive's bytes in any chunks; `push` answers the names of the entries whose headers it completed. */
export function createTarNameScanner() {
  let pending: Uint8Array = new Uint8Array(0);
  /** Bytes of the current entry's content (and padding) still to skip. */
  let skip = 0;
  /** A long-name header's data being read: its size, and what kind it is. */
  let collecting: { size: number; kind: 'pax' | 'gnu' } | null = null;
  let nextName: string | null = null;

  return {
    push(chunk: Uint8Array): string[] {
      const names: string[] = [];
      if (pending.length === 0) pending = chunk;
      else {
        const joined = new Uint8Array(pending.length + chunk.length);
        joined.set(pending);
        joined.set(chunk, pending.length);
        pending = joined;
      }
      for (;;) {
        if (skip > 0) {
          const n = Math.min(skip, pending.length);
          pending = pending.subarray(n);
          skip -= n;
          if (skip > 0) break;
          continue;
        }
        if (collecting) {
          const whole = padded(collecting.size);
          if (pending.length < whole) break;
          const data = pending.subarray(0, collecting.size);
          nextName = collecting.kind === 'pax' ? (paxPath(data) ?? nextName) : text(data);
          pending = pending.subarray(whole);
          collecting = null;
          continue;
        }
        if (pending.length < BLOCK) break;
        const header = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (header.every((byte) => byte === 0)) continue; // the archive's end blocks
        const size = octal(header.subarray(124, 136));
        const type = String.fromCharCode(header[156]!);
        if (type === 'x' || type === 'L') {
          collecting = { size, kind: type === 'x' ? 'pax' : 'gnu' };
          continue;
        }
        if (type === 'g') {
          skip = padded(size); // global pax header: nothing of ours
          continue;
        }
        const name = text(header.subarray(0, 100));
        const prefix = text(header.subarray(257, 262)) === 'ustar' ? text(header.subarray(345, 500)) : '';
        names.push(nextName ?? (prefix ? `${prefix}/${name}` : name));
        nextName = null;
        skip = padded(size);
      }
      return names;
    },
  };
}
