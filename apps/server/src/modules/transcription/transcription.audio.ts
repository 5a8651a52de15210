import { createHash } from 'node:crypto';
import { MAX_BYTES_PER_SECOND, measureWav, mp3Seconds, type MeasuredLength } from './transcription.duration';
import { transcriptionErrors } from './transcription.errors';
import { flacSeconds } from './transcription.flac';
import { mp4Length } from './transcription.mp4';
import { oggSeconds, webmOpusSeconds } from './transcription.opus';

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
 * recorder's length, the container's declared ones and the least its packets play (MP4, Vorbis). Never
 * below the size's bound: N bytes last at least N / MAX_BYTES_PER_SECOND, so no header or declared
 * length can make a long recording short.
 */
export function audioLength({ ext, bytes, declaredSeconds }: { ext: string; bytes: Uint8Array; declaredSeconds: number }): MeasuredLength {
  const { exact, least = 0 } = measure(ext, bytes);
  const seconds = exact?.seconds ?? Math.max(declaredSeconds, least);
  return { seconds: Math.max(seconds, bytes.length / MAX_BYTES_PER_SECOND), inconsistent: exact?.inconsistent ?? false };
}

const exactly = (seconds: number): { exact: MeasuredLength } => ({ exact: { seconds, inconsistent: false } });

/** `exact`: the length counted from the audio; else `least`: the least it plays, or the longest its container declares. */
function measure(ext: string, bytes: Uint8Array): { exact?: MeasuredLength | null; least?: number } {
  switch (ext) {
    case 'wav':
      return { exact: measureWav(bytes) };
    case 'webm':
      return exactly(webmOpusSeconds(bytes));
    case 'mp3':
      return exactly(mp3Seconds(bytes));
    case 'flac':
      return exactly(flacSeconds(bytes));
    case 'ogg':
    case 'opus': {
      const ogg = oggSeconds(bytes);
      return ogg?.exact ? exactly(ogg.seconds) : { least: ogg?.seconds ?? 0 };
    }
    case 'mp4':
    case 'm4a': {
      const { leastSeconds, declaredSeconds } = mp4Length(bytes);
      return { least: Math.max(leastSeconds, declaredSeconds ?? 0) };
    }
    default:
      return {};
  }
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
