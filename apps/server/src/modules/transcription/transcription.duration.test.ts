import { describe, expect, it } from 'vitest';
import {
  flacFile,
  flacFrames,
  m4aFile,
  mp3File,
  oggOpusFile,
  oggVorbisFile,
  opus20ms,
  opusFrames20ms,
  wavFile,
  webmOpusFile,
} from '../../../test/fakes/crafted-audio';
import { checkAudio } from './transcription.audio';
import { measureWav, mp3Seconds } from './transcription.duration';
import { flacSeconds } from './transcription.flac';
import { oggSeconds, opusPacketSeconds, webmOpusSeconds } from './transcription.opus';

const limits = { maxBytes: 25 * 1024 * 1024, maxSeconds: 600 };
const refused = { status: 415, code: 'unsupported_audio' };

describe('the length of a WAV, from its samples', () => {
  it('divides the data present by sample rate × block alignment', () => {
    expect(measureWav(wavFile({ dataBytes: 64_000 }))).toEqual({ seconds: 2, inconsistent: false });
    expect(measureWav(wavFile({ dataBytes: 96_000, sampleRate: 48_000, channels: 2 }))).toEqual({ seconds: 0.5, inconsistent: false });
    expect(measureWav(wavFile({ dataBytes: 8000, sampleRate: 8000, bitsPerSample: 8 }))).toEqual({ seconds: 1, inconsistent: false });
  });

  it('counts the bytes that are there, whatever size the data chunk declares', () => {
    expect(measureWav(wavFile({ dataBytes: 32_000, declaredDataSize: 0x7fff_f000 }))?.seconds).toBe(1);
  });

  it('ignores a forged byte rate, and says the header contradicts itself', () => {
    // 10 s of 8 kHz 8-bit mono; the header claims 4,000,000 bytes a second (0.02 s).
    expect(measureWav(wavFile({ dataBytes: 80_000, sampleRate: 8000, bitsPerSample: 8, byteRate: 4_000_000 }))).toEqual({ seconds: 10, inconsistent: true });
    // A block alignment wider than the samples would shorten it the same way.
    expect(measureWav(wavFile({ dataBytes: 80_000, sampleRate: 8000, bitsPerSample: 8, blockAlign: 200 }))).toEqual({ seconds: 10, inconsistent: true });
  });

  it('refuses absurd sample rates, channel counts and sample sizes, and formats past 48 kHz 16-bit stereo', () => {
    for (const forged of [
      { sampleRate: 0 },
      { sampleRate: 1_000_000 },
      { sampleRate: 4000 },
      { channels: 0 },
      { channels: 9 },
      { bitsPerSample: 0 },
      { bitsPerSample: 12 },
      { bitsPerSample: 64 },
      { sampleRate: 48_000, channels: 2, bitsPerSample: 24 },
    ]) {
      expect(() => measureWav(wavFile({ dataBytes: 1000, ...forged })), JSON.stringify(forged)).toThrow(expect.objectContaining(refused));
    }
  });

  it('refuses a WAV without a readable fmt or data chunk', () => {
    const noData = wavFile({ dataBytes: 0 }).subarray(0, 36);
    expect(() => measureWav(noData)).toThrow(expect.objectContaining(refused));
    const noFmt = Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEdata\u0010\u0000\u0000\u0000', 'latin1'), Buffer.alloc(16)]);
    expect(() => measureWav(noFmt)).toThrow(expect.objectContaining(refused));
  });

  it('has no exact length for a compressed WAV (IMA ADPCM): the size bound applies', async () => {
    const adpcm = wavFile({ dataBytes: 1_920_000, formatTag: 0x11, bitsPerSample: 4, blockAlign: 256, byteRate: 4_000_000 });
    expect(measureWav(adpcm)).toBeNull();
    const checked = await checkAudio({ bytes: adpcm, declaredSeconds: 0.1, limits });
    expect(checked.seconds).toBeGreaterThanOrEqual(10);
  });
});

describe('checking a WAV', () => {
  it('answers 413 for the forged 40-minute WAV and 415 for a forged one within the limit', async () => {
    const forged = wavFile({ dataBytes: 8000 * 2400, sampleRate: 8000, bitsPerSample: 8, byteRate: 4_000_000 });
    await expect(checkAudio({ bytes: forged, declaredSeconds: 1, limits })).rejects.toMatchObject({ status: 413, code: 'audio_too_long' });
    const short = wavFile({ dataBytes: 80_000, sampleRate: 8000, bitsPerSample: 8, byteRate: 4_000_000 });
    await expect(checkAudio({ bytes: short, declaredSeconds: 10, limits })).rejects.toMatchObject(refused);
  });
});

describe('the length of Opus, from its packets', () => {
  it('reads each packet’s TOC: frame size and frame count', () => {
    expect(opusPacketSeconds(opus20ms())).toBeCloseTo(0.02, 6);
    expect(opusPacketSeconds(opusFrames20ms(6))).toBeCloseTo(0.12, 6);
    expect(opusPacketSeconds(Buffer.from([0x18, 1]))).toBeCloseTo(0.06, 6);
    expect(opusPacketSeconds(Buffer.from([0x85, 1]))).toBeCloseTo(0.005, 6);
    expect(opusPacketSeconds(Buffer.alloc(0))).toBe(0);
  });

  it('counts an Ogg Opus stream’s packets, whatever its granule positions say', () => {
    expect(oggSeconds(oggOpusFile({ packets: Array.from({ length: 500 }, () => opus20ms()), granule: 48n }))?.seconds).toBeCloseTo(10, 6);
    expect(oggSeconds(oggOpusFile({ packets: Array.from({ length: 100 }, () => opusFrames20ms(6)) }))?.seconds).toBeCloseTo(12, 6);
  });

  it('refuses, quickly, 25 MB of capture patterns that start no real page, and of FLAC sync codes', () => {
    const patterns = Buffer.alloc(25 * 1024 * 1024);
    for (let at = 0; at + 4 <= patterns.length; at += 4) patterns.write('OggS', at, 'latin1');
    const started = performance.now();
    expect(() => oggSeconds(patterns)).toThrow(expect.objectContaining(refused));
    const syncs = Buffer.alloc(25 * 1024 * 1024);
    for (let at = 0; at + 2 <= syncs.length; at += 2) syncs.writeUInt16BE(0xfff8, at);
    expect(() => flacSeconds(flacFile({ totalSamples: 0, frames: syncs }))).toThrow(expect.objectContaining(refused));
    // Linear: about a second on a loaded machine; the unbounded scan took 54 s.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts a WebM’s Opus blocks, and refuses a WebM without Opus (no browser records another codec in WebM)', () => {
    const packets = Array.from({ length: 2500 }, () => opus20ms());
    expect(webmOpusSeconds(webmOpusFile({ packets }))).toBeCloseTo(50, 6);
    expect(() => webmOpusSeconds(webmOpusFile({ packets, codec: 'A_VORBIS' }))).toThrow(expect.objectContaining(refused));
  });

  it('bounds an Ogg Vorbis stream below by its packets: each plays at least half its short block', async () => {
    // 12,000 packets × 128 samples at 16 kHz: at least 96 s, in 36 KB.
    expect(oggSeconds(oggVorbisFile({ packets: 12_000 }))?.seconds).toBeCloseTo(96, 6);
    expect((await checkAudio({ bytes: oggVorbisFile({ packets: 12_000 }), declaredSeconds: 1, limits })).seconds).toBeCloseTo(96, 6);
    await expect(checkAudio({ bytes: oggVorbisFile({ packets: 80_000 }), declaredSeconds: 1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
    // A longer length from the recorder stands: the packets only set the least.
    expect((await checkAudio({ bytes: oggVorbisFile({ packets: 12_000 }), declaredSeconds: 300, limits })).seconds).toBe(300);
  });

  it('meters small, long Opus recordings by their packets, not by what the recorder declared', async () => {
    const packets = Array.from({ length: 6000 }, () => opus20ms());
    await expect(checkAudio({ bytes: oggOpusFile({ packets }), declaredSeconds: 1, limits })).resolves.toMatchObject({ mediaType: 'audio/ogg', seconds: 120 });
    await expect(checkAudio({ bytes: webmOpusFile({ packets }), declaredSeconds: 1, limits })).resolves.toMatchObject({
      mediaType: 'audio/webm',
      seconds: 120,
    });
    const long = Array.from({ length: 40_000 }, () => opus20ms());
    await expect(checkAudio({ bytes: webmOpusFile({ packets: long }), declaredSeconds: 1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
    await expect(checkAudio({ bytes: oggOpusFile({ packets: long }), declaredSeconds: 1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
  });
});

describe('the length of an MP3, from its frames', () => {
  it('counts every frame’s samples at its sample rate, skipping tags and bytes between frames', () => {
    expect(mp3Seconds(mp3File({ frames: 1000 }))).toBeCloseTo(36, 6);
    expect(mp3Seconds(mp3File({ frames: 1000, kbps: 128, sampleRate: 48_000 }))).toBeCloseTo(24, 6);
    expect(mp3Seconds(mp3File({ frames: 1000, junk: 300 }))).toBeCloseTo(36, 6);
  });

  it('counts free-format frames (no bit rate in their header) up to the next header like theirs', () => {
    // 24 bytes for 36 ms: far below any listed bit rate, yet a decoder plays every frame.
    expect(mp3Seconds(mp3File({ frames: 1000, freeFormat: 24 }))).toBeCloseTo(36, 1);
  });

  it('meters a small, long MP3 by its frames, not by what the recorder declared', async () => {
    // 32 kbps: 4,000 bytes a second, far under the size bound's 192,000.
    await expect(checkAudio({ bytes: mp3File({ frames: 3400 }), declaredSeconds: 1, limits })).resolves.toMatchObject({ mediaType: 'audio/mpeg' });
    expect((await checkAudio({ bytes: mp3File({ frames: 3400 }), declaredSeconds: 1, limits })).seconds).toBeCloseTo(122.4, 6);
    await expect(checkAudio({ bytes: mp3File({ frames: 17_000 }), declaredSeconds: 1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
  });
});

describe('the length of a FLAC, from its frames', () => {
  it('sums the block sizes of the frames whose header checks, at the frame’s or the STREAMINFO’s rate', () => {
    expect(flacSeconds(flacFile({ totalSamples: 1600, frames: flacFrames({ count: 500 }) }))).toBeCloseTo(128, 6);
    expect(flacSeconds(flacFile({ totalSamples: 0, sampleRate: 8000, frames: flacFrames({ count: 500, rateCode: 5 }) }))).toBeCloseTo(128, 6);
    // A header whose CRC-8 fails is no frame to a decoder, nor here.
    const broken = flacFrames({ count: 10 });
    broken.writeUInt8(broken.readUInt8(5) ^ 0xff, 5);
    expect(flacSeconds(flacFile({ totalSamples: 0, frames: broken }))).toBeCloseTo(9 * 0.256, 6);
  });

  it('meters a FLAC by its frames: a STREAMINFO saying 0.1 s neither passes the cap nor lowers the charge', async () => {
    const forged = flacFile({ totalSamples: 1600, frames: flacFrames({ count: 500 }) });
    expect((await checkAudio({ bytes: forged, declaredSeconds: 0.1, limits })).seconds).toBeCloseTo(128, 6);
    const tooLong = flacFile({ totalSamples: 1600, frames: flacFrames({ count: 2400 }) });
    await expect(checkAudio({ bytes: tooLong, declaredSeconds: 0.1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
    // Bytes that hold no frame still last what their size allows.
    expect((await checkAudio({ bytes: flacFile({ totalSamples: 1600, bodyBytes: 1_920_000 }), declaredSeconds: 0.1, limits })).seconds).toBeGreaterThanOrEqual(
      10,
    );
  });
});

describe('lengths a compressed container declares', () => {
  it('an MP4’s mvhd duration raises the length but a forged small one cannot lower the size bound', async () => {
    expect((await checkAudio({ bytes: m4aFile({ duration: 45_000, bodyBytes: 10_000 }), declaredSeconds: 1, limits })).seconds).toBe(45);
    const forged = await checkAudio({ bytes: m4aFile({ duration: 100, bodyBytes: 1_920_000 }), declaredSeconds: 0.1, limits });
    expect(forged.seconds).toBeGreaterThanOrEqual(10);
    await expect(checkAudio({ bytes: m4aFile({ duration: 601_000, bodyBytes: 100 }), declaredSeconds: 1, limits })).rejects.toMatchObject({
      code: 'audio_too_long',
    });
  });

  it('an MP4 lasts at least its AAC samples × 1024 at 96 kHz, whatever mvhd and the recorder say', async () => {
    // 28,125 frames of 10 bytes: 600 s at 48 kHz, at least 300 s; mvhd says 0.1 s.
    const forged = m4aFile({ duration: 100, samples: 28_125, bodyBytes: 281_250 });
    expect((await checkAudio({ bytes: forged, declaredSeconds: 0.1, limits })).seconds).toBe(300);
    const fragmented = m4aFile({ duration: 0, samples: 0, fragments: [9375, 9375, 9375], bodyBytes: 281_250 });
    expect((await checkAudio({ bytes: fragmented, declaredSeconds: 0.1, limits })).seconds).toBe(300);
    const tooLong = m4aFile({ duration: 100, samples: 60_000, bodyBytes: 600_000 });
    await expect(checkAudio({ bytes: tooLong, declaredSeconds: 0.1, limits })).rejects.toMatchObject({ code: 'audio_too_long' });
    // An honest header still says more than the bound.
    expect((await checkAudio({ bytes: m4aFile({ duration: 45_000, samples: 2110, bodyBytes: 21_100 }), declaredSeconds: 1, limits })).seconds).toBe(45);
  });

  it('refuses an MP4 of another codec than AAC, MP3 or Opus (ALAC, PCM), whose samples say nothing of its length', async () => {
    for (const codec of ['alac', 'lpcm', 'sowt']) {
      await expect(checkAudio({ bytes: m4aFile({ duration: 100, samples: 10, codec, bodyBytes: 100 }), declaredSeconds: 1, limits })).rejects.toMatchObject(
        refused,
      );
    }
  });
});
