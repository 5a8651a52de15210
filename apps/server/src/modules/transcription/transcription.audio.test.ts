import { describe, expect, it } from 'vitest';
import { checkAudio } from './transcription.audio';
import { measureWav } from './transcription.duration';

/** A PCM WAV header (16 kHz, 16-bit mono) over `dataBytes` of silence; `declaredSize` fakes a streamed header. */
function wav(dataBytes: number, declaredSize = dataBytes): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(declaredSize, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

const limits = { maxBytes: 1024 * 1024, maxSeconds: 20 };

describe('checking an uploaded recording', () => {
  it('reads a WAV length from its header, and counts the bytes present when the header says "streamed"', () => {
    expect(measureWav(wav(64_000))?.seconds).toBe(2);
    expect(measureWav(wav(32_000, 0x7ffff000))?.seconds).toBe(1);
  });

  it('meters a WAV by its header, whatever length the recorder declared', async () => {
    await expect(checkAudio({ bytes: wav(96_000), declaredSeconds: 0.1, limits })).resolves.toEqual({ mediaType: 'audio/wav', seconds: 3 });
  });

  it('refuses bytes that are not audio, recordings over the size limit and over the length limit', async () => {
    await expect(checkAudio({ bytes: Buffer.from('<html>not audio at all</html>'), declaredSeconds: 1, limits })).rejects.toMatchObject({
      status: 415,
      code: 'unsupported_audio',
    });
    await expect(checkAudio({ bytes: wav(limits.maxBytes), declaredSeconds: 1, limits })).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    await expect(checkAudio({ bytes: wav(32_000 * 21), declaredSeconds: 1, limits })).rejects.toMatchObject({ status: 413, code: 'audio_too_long' });
  });

  it('never meters compressed audio below what its size allows', async () => {
    // An Ogg page header followed by 960 KB: at most 192 KB a second, so at least 5 s, however short it claims to be.
    const ogg = Buffer.concat([Buffer.from('OggS\u0000\u0002', 'latin1'), Buffer.alloc(22), Buffer.from('OpusHead', 'latin1'), Buffer.alloc(960_000)]);
    const checked = await checkAudio({ bytes: ogg, declaredSeconds: 1, limits });
    expect(checked.mediaType).toBe('audio/ogg');
    expect(checked.seconds).toBeGreaterThanOrEqual(5);
  });
});
