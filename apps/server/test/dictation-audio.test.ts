import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { flacFile, flacFrames, oggOpusFile, opus20ms, wavFile } from './fakes/crafted-audio';
import { fakeTranscriptionEnv, startFakeTranscription, type FakeTranscription } from './fakes/fake-transcription';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

/** A recording's length is measured from its audio (docs/DICTATION.md): a forged header neither passes the cap nor lowers the charge. */
describe('dictation: a recording is measured by its audio, not by its header', () => {
  let t: TestApp;
  let stt: FakeTranscription;
  let me: TestUser;
  let fileId: string;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    stt = await startFakeTranscription();
    t = await createTestApp({ ...fakeTranscriptionEnv(stt) });
    me = await newUser(t.app, 'dictation-audio');
    fileId = (await me.call('POST', '/api/files/create', { filePath: 'Dictated', content: doc('First line.') })).body.file.id;
  });
  afterAll(async () => {
    await t.close();
    await stt.close();
  });
  beforeEach(() => {
    stt.requests.length = 0;
  });

  const dictate = (audio: Buffer, durationMs: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/dictations?${new URLSearchParams({ fileId, durationMs: String(durationMs), polish: 'false' })}`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'application/octet-stream' },
      payload: audio,
    });
  const voiceMinutes = async () => (await me.call('GET', '/api/usage/current')).body.voiceMinutes as number;
  const minutesOf = (seconds: number) => Math.ceil((seconds / 60) * 100) / 100;

  it('answers 413 audio_too_long for a 40-minute 8 kHz WAV whose byteRate says 4,000,000, sending and charging nothing', async () => {
    const before = await voiceMinutes();
    // 2400 s of 8 kHz 8-bit mono: 19.2 MB. The forged byte rate would make it 4.8 s.
    const forged = wavFile({ dataBytes: 8000 * 2400, sampleRate: 8000, bitsPerSample: 8, byteRate: 4_000_000 });
    const res = await dictate(forged, 1000);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('audio_too_long');
    expect(stt.requests).toHaveLength(0);
    expect(await voiceMinutes()).toBe(before);
  });

  it('refuses as 415 unsupported_audio a WAV within the limit whose byteRate contradicts its sample rate', async () => {
    const res = await dictate(wavFile({ dataBytes: 8000 * 60, sampleRate: 8000, bitsPerSample: 8, byteRate: 4_000_000 }), 60_000);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_audio');
    expect(stt.requests).toHaveLength(0);
  });

  it('charges a long, small Ogg Opus recording its packets’ length, whatever the recorder and the granule positions say', async () => {
    const before = await voiceMinutes();
    // 6000 packets of 20 ms: 2 minutes in 25 KB; the pages' granule positions all say 0.
    const res = await dictate(oggOpusFile({ packets: Array.from({ length: 6000 }, () => opus20ms()) }), 1000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().minutes).toBe(2);
    expect(stt.requests).toHaveLength(1);
    expect(await voiceMinutes()).toBeCloseTo(before + 2, 2);
    const tooLong = await dictate(oggOpusFile({ packets: Array.from({ length: 30_500 }, () => opus20ms()) }), 1000);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.code).toBe('audio_too_long');
    expect(stt.requests).toHaveLength(1);
  });

  it('charges a FLAC its frames’ length when its STREAMINFO says 0.1 s, and refuses one past the limit', async () => {
    const before = await voiceMinutes();
    // 500 frames of 4096 samples at 16 kHz: 128 s in 5 KB.
    const res = await dictate(flacFile({ totalSamples: 1600, frames: flacFrames({ count: 500 }) }), 100);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().minutes).toBe(minutesOf(128));
    expect(await voiceMinutes()).toBeCloseTo(before + minutesOf(128), 2);
    const tooLong = await dictate(flacFile({ totalSamples: 1600, frames: flacFrames({ count: 2400 }) }), 100);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.code).toBe('audio_too_long');
    expect(stt.requests).toHaveLength(1);
  });

  it('transcribes a real short WAV and charges its measured length, even when the provider reports less', async () => {
    const before = await voiceMinutes();
    const honest = wavFile({ dataBytes: 32_000 * 7 });
    // The provider's duration is not trusted to lower the charge below what Bree measured and capped.
    stt.script({ kind: 'text', text: 'a short note', durationSeconds: 1 });
    const res = await dictate(honest, 7000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ text: 'a short note', minutes: minutesOf(7) });
    expect(Buffer.from(stt.requests[0]!.bytes).equals(honest)).toBe(true);
    expect(await voiceMinutes()).toBeCloseTo(before + minutesOf(7), 2);
  });
});
