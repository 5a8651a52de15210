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

/** One logical stream of an Ogg file, by its serial number, as its packets are read. */
interface OggStream {
  packets: number;
  kind: 'opus' | 'vorbis' | 'other';
  /** Opus: half-milliseconds played. Vorbis: the least samples played, at `rate`. */
  played: number;
  rate: number;
  /** Vorbis: the least samples one audio packet plays (half the short block). */
  leastSamples: number;
  /** The first bytes of the packet being assembled. */
  head: number[];
}

/** What a stream's first packet says it is; a Vorbis identification header must give a sane rate and short block (415 otherwise). */
function identify(stream: OggStream): void {
  const { head } = stream;
  if (startsWith(head, OPUS_HEAD)) stream.kind = 'opus';
  else if (head[0] === 1 && startsWith(head.slice(1), 'vorbis') && head.length >= 30) {
    const rate = (head[12]! | (head[13]! << 8) | (head[14]! << 16) | (head[15]! << 24)) >>> 0;
    const shortBlock = head[28]! & 0x0f;
    if (rate < 8000 || rate > 192_000 || shortBlock < 6 || shortBlock > 13) throw transcriptionErrors.unsupportedAudio();
    Object.assign(stream, { kind: 'vorbis', rate, leastSamples: 2 ** shortBlock / 2 });
  }
}

/**
 * The length of an Ogg file from its packets, or null without a stream Bree knows. Opus streams are
 * counted exactly (after their two headers); a Vorbis stream only from below (after its three
 * headers), each audio packet playing at least half the short block its decoder is told of, so
 * `exact` is false with one. Pages are found by their capture pattern, as a decoder resynchronises
 * (a false one can only add packets); packets span pages through 255-byte lacing values. Throws
 * 415 for another codec's stream beside these, or far more capture patterns than a real file holds.
 */
export function oggSeconds(bytes: Uint8Array): { seconds: number; exact: boolean } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streams = new Map<number, OggStream>();
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
    if (!stream) streams.set(serial, (stream = { packets: 0, kind: 'other', played: 0, rate: 0, leastSamples: 0, head: [] }));
    for (let i = 0; i < segments; i++) {
      const lacing = bytes[at + 27 + i]!;
      // A stream's first packet is read far enough for a Vorbis identification header; the others for a TOC.
      const keep = stream.packets === 0 ? 30 : 2;
      for (let j = data; j < data + lacing && stream.head.length < keep && j < bytes.length; j++) stream.head.push(bytes[j]!);
      data += lacing;
      if (lacing === 255) continue;
      if (stream.packets === 0) identify(stream);
      else if (stream.kind === 'opus' && stream.packets >= 2) stream.played += packetHalfMs(stream.head);
      // A Vorbis audio packet's first bit is 0; a decoder skips any other after the headers.
      else if (stream.kind === 'vorbis' && stream.packets >= 3 && stream.head.length > 0 && !(stream.head[0]! & 1)) stream.played += stream.leastSamples;
      stream.packets++;
      stream.head.length = 0;
    }
  }
  const all = [...streams.values()];
  const counted = all.filter((stream) => stream.kind !== 'other');
  if (!counted.length) return null;
  if (counted.length < all.length) throw transcriptionErrors.unsupportedAudio();
  let seconds = 0;
  for (const stream of counted) seconds += stream.kind === 'opus' ? stream.played / HALF_MS_PER_SECOND : stream.played / stream.rate;
  return { seconds, exact: counted.every((stream) => stream.kind === 'opus') };
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

/**
 * The length of a WebM's Opus tracks from their blocks' packets. Throws 415 for a WebM with a track
 * of another codec (browsers record Opus in WebM), whose blocks say nothing of its length.
 */
export function webmOpusSeconds(bytes: Uint8Array): number {
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
  if (!tracks.length || tracks.some((track) => track.codec !== 'A_OPUS')) throw transcriptionErrors.unsupportedAudio();
  return tracks.reduce((sum, track) => sum + (played.get(track.number) ?? 0), 0) / HALF_MS_PER_SECOND;
}
