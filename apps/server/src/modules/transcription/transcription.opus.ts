import { transcriptionErrors } from './transcription.errors';

/**
 * The length of Opus audio counted from its packets, as a decoder plays them: each packet's TOC
 * byte gives its frame size and frame count (RFC 6716 §3.1). The containers' own timing fields
 * (Ogg granule positions, WebM timecodes and Duration) can be forged and are not read. Browsers
 * record Opus: Chrome and Firefox in WebM, Firefox also in Ogg.
 */

/** Frame sizes in half-milliseconds (whole numbers, so long sums stay exact): SILK configurations 0–11, hybrid 12–15, CELT 16–31. */
const SILK = [20, 40, 80, 120];
const HYBRID = [20, 40];
const CELT = [5, 10, 20, 40];
const HALF_MS_PER_SECOND = 2000;

/** The half-milliseconds one Opus packet plays, from its first bytes (an empty packet plays nothing). */
function packetHalfMs(packet: ArrayLike<number>): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  const frame = config < 12 ? SILK[config & 3]! : config < 16 ? HYBRID[config & 1]! : CELT[config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frames * frame;
}

/** The seconds one Opus packet plays, from its first bytes. */
export const opusPacketSeconds = (packet: Uint8Array): number => packetHalfMs(packet) / HALF_MS_PER_SECOND;

const OPUS_HEAD = 'OpusHead';
const startsWith = (head: number[], text: string): boolean => text.split('').every((c, i) => head[i] === c.charCodeAt(0));

/** Sums what the Opus streams play, in seconds; null without any; 415 when an Opus stream comes with another codec's (which is not counted). */
function opusTotal(streams: Iterable<{ opus: boolean; halfMs: number }>): number | null {
  let opus = false;
  let other = false;
  let seconds = 0;
  for (const stream of streams) {
    if (stream.opus) {
      opus = true;
      seconds += stream.halfMs;
    } else other = true;
  }
  if (opus && other) throw transcriptionErrors.unsupportedAudio();
  return opus ? seconds / HALF_MS_PER_SECOND : null;
}

/**
 * The length of an Ogg file's Opus streams from their packets (the first two of a stream are its
 * headers), or null when no stream is Opus. Pages are found by their capture pattern, as a decoder
 * resynchronises (a false one can only add packets); packets span pages through 255-byte lacing
 * values. Throws 415 for a file of far more capture patterns than a real one holds.
 */
export function oggOpusSeconds(bytes: Uint8Array): number | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** Per serial number: packets seen, whether the first was OpusHead, the first bytes of the packet being assembled. */
  const streams = new Map<number, { packets: number; opus: boolean; halfMs: number; head: number[] }>();
  // Page CRCs are not checked, so every capture pattern is read as a page, real or not. A real file's
  // lacing values are each followed by a packet (15 bytes and more at Opus's lowest practical rate):
  // more than one in eight bytes, past a first MiB, is a crafted file.
  let budget = (bytes.length >> 3) + 1_048_576;
  for (let at = buffer.indexOf('OggS'); at >= 0 && at + 27 <= bytes.length; at = buffer.indexOf('OggS', at + 1)) {
    const serial = view.getUint32(at + 14, true);
    const segments = bytes[at + 26]!;
    let data = at + 27 + segments;
    if (data > bytes.length) break;
    if ((budget -= segments + 1) < 0) throw transcriptionErrors.unsupportedAudio();
    let stream = streams.get(serial);
    if (!stream) streams.set(serial, (stream = { packets: 0, opus: false, halfMs: 0, head: [] }));
    for (let i = 0; i < segments; i++) {
      const lacing = bytes[at + 27 + i]!;
      for (let j = data; j < data + lacing && stream.head.length < 8 && j < bytes.length; j++) stream.head.push(bytes[j]!);
      data += lacing;
      if (lacing === 255) continue;
      if (stream.packets === 0) stream.opus = startsWith(stream.head, OPUS_HEAD);
      else if (stream.packets >= 2 && stream.opus) stream.halfMs += packetHalfMs(stream.head);
      stream.packets++;
      stream.head.length = 0;
    }
  }
  return opusTotal(streams.values());
}

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const BLOCK_GROUP = 0xa0;
const TRACK_NUMBER = 0xd7;
const CODEC_ID = 0x86;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Entered rather than skipped: so their children are read whether their size is known or, as MediaRecorder writes, unknown. */
const MASTERS = new Set([SEGMENT, CLUSTER, TRACKS, TRACK_ENTRY, BLOCK_GROUP]);

/** An EBML variable-length integer at `at`: its length and value (`marker`: keep the length bit, as element IDs do). */
function vint(bytes: Uint8Array, at: number, marker: boolean): { length: number; value: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = marker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { length, value, unknown: !marker && allOnes };
}

/** The frames of a block's payload after its lacing header (Matroska: none, Xiph, fixed-size or EBML lacing). */
function blockFrames(bytes: Uint8Array, from: number, to: number, lacing: number): Uint8Array[] {
  if (lacing === 0) return [bytes.subarray(from, to)];
  const count = (bytes[from] ?? 0) + 1;
  let at = from + 1;
  const sizes: number[] = [];
  for (let i = 0; i < count - 1 && at < to; i++) {
    if (lacing === 1) {
      let size = 0;
      while (at < to && bytes[at] === 255) size += bytes[at++]!;
      sizes.push(size + (bytes[at++] ?? 0));
    } else if (lacing === 3) {
      const read = vint(bytes, at, false);
      if (!read) break;
      // After the first, each size is a signed difference from the one before.
      sizes.push(i === 0 ? read.value : sizes[i - 1]! + read.value - (2 ** (7 * read.length - 1) - 1));
      at += read.length;
    } else sizes.push(Math.floor((to - at) / count));
  }
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    frames.push(bytes.subarray(at, Math.min(to, at + Math.max(0, size))));
    at += Math.max(0, size);
  }
  if (at < to) frames.push(bytes.subarray(at, to));
  return frames;
}

/** The length of a WebM's Opus tracks from their blocks' packets, or null without an Opus track. */
export function webmOpusSeconds(bytes: Uint8Array): number | null {
  const tracks: { number: number; codec: string }[] = [];
  const played = new Map<number, number>();
  for (let at = 0; at < bytes.length;) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      if (id.value === TRACK_ENTRY) tracks.push({ number: 0, codec: '' });
      at = body;
      continue;
    }
    if (size.unknown) break;
    const end = Math.min(bytes.length, body + size.value);
    const track = tracks.at(-1);
    if (id.value === TRACK_NUMBER && track) track.number = bytes.subarray(body, end).reduce((n, b) => n * 256 + b, 0);
    if (id.value === CODEC_ID && track) track.codec = String.fromCharCode(...bytes.subarray(body, end)).replace(/\0+$/, '');
    if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const number = vint(bytes, body, false);
      if (number && body + number.length + 3 <= end) {
        const lacing = (bytes[body + number.length + 2]! >> 1) & 3;
        const halfMs = blockFrames(bytes, body + number.length + 3, end, lacing).reduce((sum, frame) => sum + packetHalfMs(frame), 0);
        played.set(number.value, (played.get(number.value) ?? 0) + halfMs);
      }
    }
    at = end;
  }
  return opusTotal(tracks.map((t) => ({ opus: t.codec === 'A_OPUS', halfMs: played.get(t.number) ?? 0 })));
}
