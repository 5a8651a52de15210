import { createHash } from 'node:crypto';
import { MAX_BYTES_PER_SECOND, measureWav, mp3Seconds, type MeasuredLength } from './transcription.duration';
import { transcriptionErrors } from './transcription.errors';
import { flacSeconds } from './transcription.flac';
import { mp4Length } from './transcription.mp4';
import { oggOpusSeconds, webmOpusSeconds } from './transcription.opus';

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
 * The length of a recording, in seconds, and whether its header contradicts itself. Counted from
 * the audio where Bree can (WAV samples, Opus packets, MP3 and FLAC frames); else the longest of the
 * recorder's length, the container's declared ones and the least its samples play (MP4). Never
 * below the size's bound: N bytes last at least N / MAX_BYTES_PER_SECOND, so no header or declared
 * length can make a long recording short.
 */
export function audioLength({ ext, bytes, declaredSeconds }: { ext: string; bytes: Uint8Array; declaredSeconds: number }): MeasuredLength {
  const counted = ext === 'wav' ? measureWav(bytes) : countedSeconds(ext, bytes);
  const measured = typeof counted === 'number' ? { seconds: counted, inconsistent: false } : counted;
  const seconds = measured?.seconds ?? Math.max(declaredSeconds, declaredByContainer(ext, bytes));
  return { seconds: Math.max(seconds, bytes.length / MAX_BYTES_PER_SECOND), inconsistent: measured?.inconsistent ?? false };
}

function countedSeconds(ext: string, bytes: Uint8Array): number | null {
  if (ext === 'ogg' || ext === 'opus') return oggOpusSeconds(bytes);
  if (ext === 'webm') return webmOpusSeconds(bytes);
  if (ext === 'mp3') return mp3Seconds(bytes);
  if (ext === 'flac') return flacSeconds(bytes);
  return null;
}

/** For a container whose frames Bree does not count: the longest length it declares and the least it can play. */
function declaredByContainer(ext: string, bytes: Uint8Array): number {
  if (ext !== 'mp4' && ext !== 'm4a') return 0;
  const { leastSeconds, declaredSeconds } = mp4Length(bytes);
  return Math.max(leastSeconds, declaredSeconds ?? 0);
}

export interface CheckedAudio {
  mediaType: string;
  /** The length checked against the limit, reserved and metered: one figure for all three. */
  seconds: number;
}

/**
 * Checks an upload by its content: an audio container Bree transcribes (415 unsupported_audio
 * otherwise, whatever the Content-Type said), within the byte and duration limits (413), with a
 * header that agrees with itself (415).
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
  if (!sniffed || !mediaType) throw transcriptionErrors.unsupportedAudio();
  const { seconds, inconsistent } = audioLength({ ext: sniffed.ext, bytes, declaredSeconds });
  // Too long is said first: a forged header on a long recording is refused for its real length.
  if (seconds > limits.maxSeconds) throw transcriptionErrors.tooLong(limits.maxSeconds);
  if (inconsistent || !(seconds > 0)) throw transcriptionErrors.unsupportedAudio();
  return { mediaType, seconds };
}
