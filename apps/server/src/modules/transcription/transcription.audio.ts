import { createHash } from 'node:crypto';
import { transcriptionErrors } from './transcription.errors';

/**
 * A request body of raw audio. Its bytes sit in a private field so the request-wide text check and
 * the replay fingerprint never walk megabytes byte by byte: the fingerprint sees its length and hash.
 */
export class AudioBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
  toJSON(): { bytes: number; sha256: string } {
    return { bytes: this.#bytes.length, sha256: createHash('sha256').update(this.#bytes).digest('hex') };
  }
}

/** Containers Bree sends to a transcription model, by the type sniffed from the bytes. */
const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  flac: 'audio/flac',
};

/**
 * The most bytes a second of accepted audio can take: uncompressed 16-bit stereo at 48 kHz. A
 * recording of N bytes lasts at least N / this, so a small declared duration cannot hide a long one.
 */
const MAX_BYTES_PER_SECOND = 48_000 * 2 * 2;

/** The length of a PCM WAV from its header (fmt byte rate and data size), or null when the header is not plain. */
export function wavSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= bytes.length) byteRate = view.getUint32(at + 8 + 8, true);
    if (id === 'data') {
      if (!byteRate) return null;
      // A streamed WAV may leave the data size at its maximum: count the bytes that are there.
      return Math.min(size, bytes.length - at - 8) / byteRate;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

export interface CheckedAudio {
  mediaType: string;
  /** The length metered and checked: the WAV header's, else the larger of the recorder's and the size's lower bound. */
  seconds: number;
}

/**
 * Checks an upload by its content: an audio container Bree transcribes (415 unsupported_audio
 * otherwise, whatever the Content-Type said), within the byte and duration limits (413).
 */
export async function checkAudio({
  bytes,
  declaredSeconds,
  limits,
}: {
  bytes: Buffer;
  declaredSeconds: number;
  limits: { maxBytes: number; maxSeconds: number };
}): Promise<CheckedAudio> {
  if (bytes.length > limits.maxBytes) throw transcriptionErrors.tooLarge(limits.maxBytes);
  // Loaded with the first recording, not at start.
  const sniffed = bytes.length >= 12 ? await (await import('file-type')).fileTypeFromBuffer(bytes) : undefined;
  const mediaType = sniffed ? AUDIO_TYPES[sniffed.ext] : undefined;
  if (!mediaType) throw transcriptionErrors.unsupportedAudio();
  const measured = sniffed?.ext === 'wav' ? wavSeconds(bytes) : null;
  const seconds = measured ?? Math.max(declaredSeconds, bytes.length / MAX_BYTES_PER_SECOND);
  if (seconds > limits.maxSeconds) throw transcriptionErrors.tooLong(limits.maxSeconds);
  if (seconds <= 0) throw transcriptionErrors.unsupportedAudio();
  return { mediaType, seconds };
}
