import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { fakeTranscriptionEnv, startFakeTranscription, DEFAULT_TRANSCRIPT, type FakeTranscription } from './fakes/fake-transcription';
import { silenceWav, speechWav, wavLengthSeconds } from './fakes/speech';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const POLISHED = 'The garden was quiet this morning.\n\nAnd the roses were open.';

describe('dictation', () => {
  let t: TestApp;
  let chat: FakeAiProvider;
  let stt: FakeTranscription;
  let me: TestUser;
  let fileId: string;
  let speech: Buffer;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    chat = await startFakeAiProvider();
    stt = await startFakeTranscription();
    t = await createTestApp({ ...fakeAiEnv(chat), ...fakeTranscriptionEnv(stt) });
    me = await newUser(t.app, 'dictation');
    speech = speechWav('So the garden was quiet this morning, and the roses were open.');
  });
  afterAll(async () => {
    await t.close();
    await chat.close();
    await stt.close();
  });
  beforeEach(async () => {
    const created = await me.call('POST', '/api/files/create', { filePath: `Dictated ${Date.now()}`, content: doc('First line.') });
    fileId = created.body.file.id;
    chat.requests.length = 0;
    stt.requests.length = 0;
  });

  function dictate(audio: Buffer, query: Record<string, string>, user: TestUser = me, type = 'audio/wav') {
    const params = new URLSearchParams({ fileId, durationMs: '4000', ...query });
    return t.app.inject({
      method: 'POST',
      url: `/api/dictations?${params}`,
      headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub, 'content-type': type },
      payload: audio,
    });
  }

  const voiceMinutes = async () => (await me.call('GET', '/api/usage/current')).body.voiceMinutes as number;

  it('transcribes a spoken WAV and polishes it in the author’s voice: filler words out, nothing added', async () => {
    chat.script({ kind: 'stream', chunks: [POLISHED] });
    const before = await voiceMinutes();
    const res = await dictate(speech, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      text: POLISHED,
      paragraphs: ['The garden was quiet this morning.', 'And the roses were open.'],
      polished: true,
      delivered: true,
    });
    // The tier that polished it, for the provenance mark the editor puts on the words.
    expect(['fast', 'premium']).toContain(res.json().tier);
    // The real recording reached the speech-to-text API, and its words reached the polish prompt.
    expect(stt.requests).toHaveLength(1);
    expect(Buffer.from(stt.requests[0]!.bytes).equals(speech)).toBe(true);
    expect(stt.requests[0]!.model).toBe('whisper-1');
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]!.text).toContain(DEFAULT_TRANSCRIPT);
    expect(chat.requests[0]!.text).toMatch(/never add content/i);
    // Metered at the recording's real length (from its header), rounded up to the hundredth of a minute.
    const expected = Math.ceil((wavLengthSeconds(speech) / 60) * 100) / 100;
    expect(await voiceMinutes()).toBeCloseTo(before + expected, 2);
    expect(res.json().minutes).toBeCloseTo(expected, 2);
  });

  it('gives the words as transcribed when polish is off, with no text call', async () => {
    const res = await dictate(speech, { polish: 'false' });
    expect(res.json()).toMatchObject({ text: DEFAULT_TRANSCRIPT, polished: false });
    expect(res.json()).not.toHaveProperty('tier');
    expect(chat.requests).toHaveLength(0);
  });

  it('refuses what is not audio by its content, whatever the header says, and recordings past the limits', async () => {
    const fake = await dictate(Buffer.from('RIFF? no, just a text file pretending to be audio'), {});
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.code).toBe('unsupported_audio');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/dictations?fileId=${fileId}&durationMs=1000`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
      payload: { audio: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const long = await dictate(silenceWav(601), { durationMs: '1000' });
    expect(long.statusCode).toBe(413);
    expect(long.json().error.code).toBe('audio_too_long');
    const declared = await dictate(speech, { durationMs: '600001' });
    expect(declared.statusCode).toBe(400);
    expect(stt.requests).toHaveLength(0);
  });

  it("answers 404 for another tenant's document and sends nothing to the model", async () => {
    const other = await newUser(t.app, 'other-dictation');
    const res = await dictate(speech, {}, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('file_not_found');
    expect(stt.requests).toHaveLength(0);
  });

  it('says failed to transcribe when the model fails, and meters no minutes for it', async () => {
    // A refusal: a server error would be retried under the one retry policy (ai.retry.ts).
    stt.script({ kind: 'status', status: 400 });
    const before = await voiceMinutes();
    const sent = stt.requests.length;
    const res = await dictate(speech, {});
    expect(res.statusCode).toBe(502);
    expect(stt.requests.length - sent).toBe(1);
    expect(res.json().error).toMatchObject({ code: 'transcription_failed', message: expect.stringMatching(/^Failed to transcribe audio/) });
    expect(await voiceMinutes()).toBe(before);
    expect(chat.requests).toHaveLength(0);
  });

  it('writes the text into the document when the tab closed before it arrived, and clears isTranscribing', async () => {
    chat.script({ kind: 'stream', chunks: [POLISHED] });
    const answer = await t.services.transcription.dictate({
      tenantId: me.sub,
      query: { fileId, durationMs: 4000, polish: true, target: 'document' },
      audio: speech,
      clientGone: () => true,
    });
    expect(answer.delivered).toBe(false);
    const file = (await me.call('POST', '/api/files/get', { fileId })).body.file;
    const texts = file.content.content.map((p: { content?: { text: string }[] }) => p.content?.map((c) => c.text).join('') ?? '');
    expect(texts).toEqual(['First line.', 'The garden was quiet this morning.', 'And the roses were open.']);
    expect(file.metadata.isTranscribing ?? false).toBe(false);
    // The polished words are the AI's (docs/PROVENANCE.md); the writer's own line is not marked.
    const marksOf = (p: { content?: { marks?: unknown[] }[] }) => p.content?.flatMap((c) => c.marks ?? []) ?? [];
    expect(marksOf(file.content.content[0])).toEqual([]);
    for (const paragraph of file.content.content.slice(1)) {
      expect(marksOf(paragraph)).toEqual([
        { type: 'aiProvenance', attrs: { operationId: expect.stringMatching(/^[A-Za-z0-9]+$/), action: 'dictation', tier: 'fast', at: expect.any(String) } },
      ]);
    }
  });

  it('writes words as transcribed, unpolished, without the AI mark when the tab closed', async () => {
    const answer = await t.services.transcription.dictate({
      tenantId: me.sub,
      query: { fileId, durationMs: 4000, polish: false, target: 'document' },
      audio: speech,
      clientGone: () => true,
    });
    expect(answer).toMatchObject({ delivered: false, polished: false });
    const content = (await me.call('POST', '/api/files/get', { fileId })).body.file.content;
    expect(content.content.at(-1).content[0].text).toBe(DEFAULT_TRANSCRIPT);
    expect(JSON.stringify(content)).not.toContain('aiProvenance');
  });

  it('marks the document isTranscribing while the recording is transcribed, so the list shows it first', async () => {
    await me.call('POST', '/api/files/create', { filePath: `Newer ${Date.now()}`, content: doc('newer') });
    const release = stt.pause();
    const pending = dictate(speech, { polish: 'false' });
    await expect.poll(() => stt.requests.length).toBe(1);
    const during = await me.call('GET', '/api/files/list-paged?limit=5');
    release();
    expect((await pending).statusCode).toBe(200);
    expect(during.body.items[0]).toMatchObject({ id: fileId, metadata: { isTranscribing: true } });
    expect(Date.now() - Date.parse(during.body.items[0].metadata.transcribingSince)).toBeLessThan(60_000);
    const after = await me.call('GET', '/api/files/list-paged?limit=5');
    expect(after.body.items[0].id).not.toBe(fileId);
    expect(after.body.items.find((f: { id: string }) => f.id === fileId)?.metadata).not.toHaveProperty('transcribingSince');
  });

  it('maintenance removes only the marks older than 15 minutes, left by a server that stopped mid-dictation', async () => {
    const mark = async (name: string, minutesAgo: number) => {
      const id = (await me.call('POST', '/api/files/create', { filePath: `${name} ${Date.now()}`, content: doc('x') })).body.file.id as string;
      const since = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await t.database.query(
        `update files set metadata = metadata || jsonb_build_object('isTranscribing', true, 'transcribingSince', $2::text) where id = $1`,
        [id, since],
      );
      return id;
    };
    const stale = await mark('Left behind', 16);
    const live = await mark('Still running', 1);
    expect(await t.services.transcription.clearStaleMarks()).toBeGreaterThanOrEqual(1);
    const metadataOf = async (id: string) => (await me.call('POST', '/api/files/get', { fileId: id })).body.file.metadata;
    expect(await metadataOf(stale)).not.toHaveProperty('isTranscribing');
    expect(await metadataOf(live)).toMatchObject({ isTranscribing: true });
  });

  it('transcribes a live-preview chunk', async () => {
    stt.script({ kind: 'text', text: 'the garden was' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dictations/preview?fileId=${fileId}&durationMs=3000`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
      payload: speech,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'the garden was' });
    // The preview's minutes are not counted: the final recording's are, once.
    const before = (await me.call('GET', '/api/usage/current')).body.voiceMinutes;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/dictations/preview?fileId=${fileId}&durationMs=3000`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
      payload: speech,
    });
    expect(again.statusCode).toBe(200);
    expect((await me.call('GET', '/api/usage/current')).body.voiceMinutes).toBe(before);
  });
});

describe('dictation limits by configuration and plan', () => {
  it('answers 402 budget_exceeded (quota exceeded) when the polish has no budget, before any audio is sent or minute counted', async () => {
    await resetDatabase(await getTestDatabase());
    const chat = await startFakeAiProvider();
    const stt = await startFakeTranscription();
    const t = await createTestApp({ ...fakeAiEnv(chat), ...fakeTranscriptionEnv(stt), DEFAULT_PLAN: 'pro' });
    try {
      const me = await newUser(t.app, 'broke-stt');
      const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Any', content: doc('x') })).body.file.id;
      const period = new Date().toISOString().slice(0, 7);
      await t.database.query("insert into usage_periods (tenant_id, period, cost) values ($1, $2, '20')", [me.sub, period]);
      const send = (polish: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/dictations?fileId=${fileId}&durationMs=1000&polish=${polish}`,
          headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
          payload: speechWav('hello'),
        });
      const res = await send('true');
      expect(res.statusCode).toBe(402);
      expect(res.json().error.code).toBe('budget_exceeded');
      expect(stt.requests).toHaveLength(0);
      expect((await me.call('GET', '/api/usage/current')).body.voiceMinutes).toBe(0);
      // Without polish no text call is needed: the Pro plan's voice minutes still serve.
      expect((await send('false')).statusCode).toBe(200);
    } finally {
      await t.close();
      await chat.close();
      await stt.close();
    }
  });

  it('answers 503 ai_not_configured without a transcription provider, and /api/config/ai says so', async () => {
    await resetDatabase(await getTestDatabase());
    const t = await createTestApp({});
    try {
      const me = await newUser(t.app, 'no-stt');
      const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Any', content: doc('x') })).body.file.id;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/dictations?fileId=${fileId}&durationMs=1000`,
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
        payload: speechWav('hello'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('ai_not_configured');
      expect((await me.call('GET', '/api/config/ai')).body.transcription).toEqual({ available: false, model: 'gemini-2.5-flash (Google)' });
    } finally {
      await t.close();
    }
  });

  it('answers 402 voice_minutes_exceeded on a plan without voice minutes, before any audio is sent', async () => {
    await resetDatabase(await getTestDatabase());
    const stt = await startFakeTranscription();
    const t = await createTestApp({ ...fakeTranscriptionEnv(stt), DEFAULT_PLAN: 'free' });
    try {
      const me = await newUser(t.app, 'free-stt');
      const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Any', content: doc('x') })).body.file.id;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/dictations?fileId=${fileId}&durationMs=1000&polish=false`,
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
        payload: speechWav('hello'),
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().error.code).toBe('voice_minutes_exceeded');
      expect(stt.requests).toHaveLength(0);
      expect(res.json().error.message).toMatch(/^Voice minutes quota exceeded/);
    } finally {
      await t.close();
      await stt.close();
    }
  });
});
