import { transcriptionErrors } from './transcription.errors';

/**
 * The most bytes a second of accepted audio can take: 16-bit stereo at 48 kHz. Every recording of
 * N bytes is taken to last at least N / this, whatever its header says; a WAV past this rate is refused.
 */
export const MAX_BYTES_PER_SECOND = 48_000 * 2 * 2;

/** A length counted from the audio itself. `inconsistent`: the header contradicts itself (refused once the length is known). */
export interface MeasuredLength {
  seconds: number;
  inconsistent: boolean;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));

/** WAVE_FORMAT_PCM, IEEE float, A-law, µ-law: each sample is a fixed number of bytes, so the data's size gives the length. */
const SAMPLED_FORMATS = new Set([1, 3, 6, 7]);
const EXTENSIBLE = 0xfffe;

/**
 * The length of a WAV from its samples: the bytes of its data chunk that are present, divided by
 * sample rate × channels × bytes a sample. The byte rate and block alignment fields are never used
 * for it (they can be forged to shorten the recording); disagreeing with it marks the header
 * inconsistent. Null for a compressed WAV (ADPCM, GSM…), which has no exact count here. Throws
 * 415 unsupported_audio without a readable fmt and data chunk, or for formats Bree does not accept.
 */
export function measureWav(bytes: Uint8Array): MeasuredLength | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; sampleRate: number; byteRate: number; blockAlign: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      if (size < 16 || at + 24 > bytes.length) break;
      let tag = view.getUint16(at + 8, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE) tag = size >= 40 && at + 34 <= bytes.length ? view.getUint16(at + 32, true) : 0;
      format = {
        tag,
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        byteRate: view.getUint32(at + 16, true),
        blockAlign: view.getUint16(at + 20, true),
        bits: view.getUint16(at + 22, true),
      };
    }
    if (id === 'data') {
      if (!format) break;
      if (!SAMPLED_FORMATS.has(format.tag)) return null;
      // A streamed WAV may leave the data size at its maximum: only the bytes that are there count.
      const present = Math.min(size, bytes.length - at - 8);
      const frameBytes = sampledFrameBytes(format);
      return {
        seconds: present / (format.sampleRate * frameBytes),
        inconsistent: format.blockAlign !== frameBytes || format.byteRate !== format.sampleRate * frameBytes,
      };
    }
    at += 8 + size + (size % 2);
  }
  throw transcriptionErrors.unsupportedAudio();
}

/** The bytes of one sample on every channel; throws 415 for absurd or over-limit formats. */
function sampledFrameBytes({ tag, channels, sampleRate, bits }: { tag: number; channels: number; sampleRate: number; bits: number }): number {
  const widths = tag === 1 ? [8, 16, 24, 32] : tag === 3 ? [32] : [8];
  const sane = channels >= 1 && channels <= 8 && sampleRate >= 8000 && sampleRate <= 192_000 && widths.includes(bits);
  if (!sane || sampleRate * channels * (bits / 8) > MAX_BYTES_PER_SECOND) throw transcriptionErrors.unsupportedAudio();
  return channels * (bits / 8);
}

/** Bit rates in kbps by index: MPEG-1 layers I, II, III, then MPEG-2/2.5 layer I, and layers II and III. */
const MPEG_KBPS = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
/** Sample rates of MPEG-1; MPEG-2 halves them, MPEG-2.5 quarters them. */
const MPEG1_RATES = [44_100, 48_000, 32_000];

/** The longest free-format frame: 640 kbps at 8 kHz (72 × 640,000 / 8000 × 2, for every layer). */
const MAX_FREE_FRAME = 11_520;

/**
 * Where the free-format frame at `at` ends: at the next header like it (its padding bit aside), as a
 * decoder finds it, within the longest such frame or the end of the file; null when none is found.
 * `budget.left` bounds the bytes searched over a whole file, so crafted headers cannot make it slow.
 */
function freeFrameLength(bytes: Uint8Array, at: number, budget: { left: number }): number | null {
  const [b1, b2] = [bytes[at + 1]!, bytes[at + 2]! & 0xfd];
  const end = Math.min(bytes.length, at + MAX_FREE_FRAME);
  for (let next = at + 4; next + 3 <= end; next++) {
    if (--budget.left < 0) throw transcriptionErrors.unsupportedAudio();
    if (bytes[next] === 0xff && bytes[next + 1] === b1 && (bytes[next + 2]! & 0xfd) === b2) return next - at;
  }
  return end === bytes.length ? end - at : null;
}

/** One MPEG audio frame header at `at`: its length in bytes, samples and sample rate, or null where none starts. */
function mpegFrame(bytes: Uint8Array, at: number, budget: { left: number }): { length: number; samples: number; rate: number } | null {
  const [b0, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = 4 - ((b1 >> 1) & 3); // 1, 2 or 3 (4: reserved)
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const rate = MPEG1_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  if (bitrateIndex === 0) {
    const length = freeFrameLength(bytes, at, budget);
    return length === null ? null : { length, samples, rate };
  }
  const kbps = MPEG_KBPS[mpeg1 ? layer - 1 : layer === 1 ? 3 : 4]![bitrateIndex]!;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return { length: (Math.floor((12_000 * kbps) / rate) + padding) * 4, samples, rate };
  return { length: Math.floor(((samples / 8) * 1000 * kbps) / rate) + padding, samples, rate };
}

/**
 * The length of an MP3 from its frames, as a decoder plays them: each frame's samples at its
 * sample rate. Header fields that declare a length (Xing, VBRI, ID3 TLEN) are not read; bytes that
 * start no frame are stepped over one by one, as a decoder resynchronises. Throws 415 for a file
 * whose free-format headers would take too long to follow.
 */
export function mp3Seconds(bytes: Uint8Array): number {
  let at = 0;
  // An ID3v2 tag: 10 bytes, then a 28-bit size in four 7-bit bytes (and 10 more with a footer).
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    at = 10 + (((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f));
    if (bytes[5]! & 0x10) at += 10;
  }
  // Samples per sample rate, divided once at the end so long sums stay exact.
  const samples = new Map<number, number>();
  // Ample for real files (a free-format stream searches each byte about once); refused past it.
  const budget = { left: 2 * bytes.length + 1_048_576 };
  while (at + 4 <= bytes.length) {
    // Most bytes start no frame: stepped over without reading a header.
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const frame = mpegFrame(bytes, at, budget);
    if (!frame) {
      at++;
      continue;
    }
    samples.set(frame.rate, (samples.get(frame.rate) ?? 0) + frame.samples);
    at += frame.length;
  }
  let seconds = 0;
  for (const [rate, count] of samples) seconds += count / rate;
  return seconds;
}
