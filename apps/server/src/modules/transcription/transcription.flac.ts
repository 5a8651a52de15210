import { transcriptionErrors } from './transcription.errors';

/**
 * The length of a FLAC counted from its frames, as a decoder plays them. STREAMINFO's total
 * samples can be forged (or be 0, 'unknown'), and a frame of near-silence takes a few bytes for
 * thousands of samples, so neither that field nor the file's size says how long it plays.
 */

/** The most samples a second counted for one frame: a frame claiming a higher rate is not made shorter than this. */
const MAX_RATE = 192_000;
const RATES = [0, 88_200, 176_400, 192_000, 8000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 96_000];

function crc8(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** The length in bytes of the UTF-8-style coded frame or sample number at `at` (1–7), or 0 when it is not one. */
function codedNumberLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at] ?? 0xff;
  const length = first < 0x80 ? 1 : first >= 0xc0 && first < 0xfe ? Math.clz32(~first << 24) : first === 0xfe ? 7 : 0;
  for (let i = 1; i < length; i++) if (((bytes[at + i] ?? 0) & 0xc0) !== 0x80) return 0;
  return length;
}

/** A frame header at `at` (RFC 9639 §9.1) whose fields are valid and whose CRC-8 checks: its samples and rate; else null. */
function frameHeader(bytes: Uint8Array, at: number, streamRate: number): { samples: number; rate: number } | null {
  const [b2, b3] = [bytes[at + 2] ?? 0, bytes[at + 3] ?? 0];
  const sizeCode = b2 >> 4;
  const rateCode = b2 & 0x0f;
  // Reserved: block size 0, rate 15, channel assignments 11–15, the bit after the sample size.
  if (sizeCode === 0 || rateCode === 15 || b3 >> 4 > 10 || b3 & 1) return null;
  const numberLength = codedNumberLength(bytes, at + 4);
  if (!numberLength) return null;
  let end = at + 4 + numberLength;
  const read = (count: number): number => {
    let value = 0;
    for (let i = 0; i < count; i++) value = value * 256 + (bytes[end++] ?? 0);
    return value;
  };
  let samples = sizeCode === 1 ? 192 : sizeCode <= 5 ? 576 << (sizeCode - 2) : sizeCode >= 8 ? 256 << (sizeCode - 8) : 0;
  if (sizeCode === 6) samples = read(1) + 1;
  if (sizeCode === 7) samples = read(2) + 1;
  let rate = rateCode === 0 ? streamRate : (RATES[rateCode] ?? 0);
  if (rateCode === 12) rate = read(1) * 1000;
  if (rateCode === 13) rate = read(2);
  if (rateCode === 14) rate = read(2) * 10;
  if (end >= bytes.length || rate === 0 || crc8(bytes, at, end) !== bytes[end]) return null;
  return { samples, rate: Math.min(rate, MAX_RATE) };
}

/**
 * The length of a FLAC from its frames: every frame header that a decoder would take (sync code,
 * valid fields, CRC-8), found by scanning every byte after the metadata blocks, as a decoder
 * resynchronises; its block size at its sample rate (or STREAMINFO's). A false sync inside frame
 * data that passes the CRC can only add to the length, never take from it. Throws 415 for a file
 * of far more sync codes than a real one holds.
 */
export function flacSeconds(bytes: Uint8Array): number {
  let at = 4;
  let streamRate = 0;
  // Metadata blocks: a byte of 'last' flag and type, 24 bits of length. STREAMINFO (type 0) holds the stream's rate.
  for (let last = false; !last && at + 4 <= bytes.length;) {
    const length = ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    if ((bytes[at]! & 0x7f) === 0 && at + 4 + 13 <= bytes.length) streamRate = (bytes[at + 14]! << 12) | (bytes[at + 15]! << 4) | (bytes[at + 16]! >> 4);
    last = (bytes[at]! & 0x80) !== 0;
    at += 4 + length;
  }
  const samples = new Map<number, number>();
  // A real frame is several bytes long, so a real file holds at most a sync code every few bytes: more is crafted, refused before it takes long.
  let budget = (bytes.length >> 2) + 1_048_576;
  for (; at + 5 < bytes.length; at++) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8) continue;
    if (--budget < 0) throw transcriptionErrors.unsupportedAudio();
    const frame = frameHeader(bytes, at, streamRate);
    // The scan goes on at the next byte, not past the header: a forged header must not hide a real one inside it.
    if (frame) samples.set(frame.rate, (samples.get(frame.rate) ?? 0) + frame.samples);
  }
  let seconds = 0;
  for (const [rate, count] of samples) seconds += count / rate;
  return seconds;
}
