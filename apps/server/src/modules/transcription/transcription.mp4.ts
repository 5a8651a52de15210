import { transcriptionErrors } from './transcription.errors';

/**
 * What an MP4 says of its length. Its mvhd/mdhd durations and sample durations can be forged;
 * the number of samples cannot be lowered without the decoder playing fewer of them, and an AAC
 * sample (one frame) plays at least 1024 samples at no more than 96 kHz. Safari records AAC in MP4.
 */

/** The least one sample of each codec plays, in seconds: an AAC frame (1024 at 96 kHz), an MP3 frame (576 at 48 kHz), an Opus packet (2.5 ms). */
const LEAST_SECONDS_A_SAMPLE: Record<string, number> = { mp4a: 1024 / 96_000, '.mp3': 576 / 48_000, Opus: 0.0025 };

/** Boxes whose children are boxes, on the way to the durations, the sample descriptions and the sample counts. */
const PARENTS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf']);

/**
 * The least an MP4 plays, from its sample counts (stsz/stz2, and trun in movie fragments) and its
 * codecs (stsd), and the longest duration its mvhd/mdhd boxes declare (which only raises a length).
 * Throws 415 for a codec whose samples give no bound (ALAC, PCM…).
 */
export function mp4Length(bytes: Uint8Array): { leastSeconds: number; declaredSeconds: number | null } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let declared: number | null = null;
  let samples = 0;
  const codecs: string[] = [];
  const walk = (from: number, to: number): void => {
    for (let at = from; at + 8 <= to;) {
      let size = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (size === 1 && at + 16 <= to) size = Number(view.getBigUint64(at + 8));
      if (size === 0) size = to - at;
      if (size < 8 || at + size > to) return;
      if (PARENTS.has(type)) walk(at + 8, at + size);
      // stsz and stz2: version and flags, a sample size (or field size), then the count; trun: version and flags, then the count.
      if ((type === 'stsz' || type === 'stz2') && size >= 20) samples += view.getUint32(at + 16);
      if (type === 'trun' && size >= 16) samples += view.getUint32(at + 12);
      // stsd: version and flags, an entry count, then sample entries named by their codec.
      if (type === 'stsd' && size >= 24) codecs.push(String.fromCharCode(...bytes.subarray(at + 20, at + 24)));
      if ((type === 'mvhd' || type === 'mdhd') && size >= 32) {
        const v1 = bytes[at + 8] === 1 && size >= 44;
        const timescale = view.getUint32(at + (v1 ? 28 : 20));
        const duration = v1 ? Number(view.getBigUint64(at + 32)) : view.getUint32(at + 24);
        // All ones: 'unknown', as a fragmented or live file writes it.
        const unknown = v1 ? duration >= Number.MAX_SAFE_INTEGER : duration === 0xffff_ffff;
        if (timescale > 0 && !unknown) declared = Math.max(declared ?? 0, duration / timescale);
      }
      at += size;
    }
  };
  walk(0, bytes.length);
  if (codecs.some((codec) => !(codec in LEAST_SECONDS_A_SAMPLE))) throw transcriptionErrors.unsupportedAudio();
  // Every sample is taken as the codec whose samples can be shortest, so a second track cannot shorten the bound.
  const least = Math.min(...codecs.map((codec) => LEAST_SECONDS_A_SAMPLE[codec]!));
  return { leastSeconds: codecs.length ? samples * least : 0, declaredSeconds: declared };
}
