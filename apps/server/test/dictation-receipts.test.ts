import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { fakeTranscriptionEnv, startFakeTranscription, DEFAULT_TRANSCRIPT, type FakeTranscription } from './fakes/fake-transcription';
import { speechWav } from './fakes/speech';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** The wait for the page's acknowledgement, short here (DICTATION_RECEIPT_WAIT_MS in production). */
const WAIT_MS = 300;

/**
 * Dictated words are never lost between the answer and the editor (docs/DICTATION.md "Nothing lost"): the page
 * acknowledges the words it put in; words nobody acknowledged are written at the document's end.
 */
describe('dictation receipts', () => {
  let t: TestApp;
  let stt: FakeTranscription;
  let me: TestUser;
  let stranger: TestUser;
  const speech = speechWav('Words spoken as the tab closed.');

  beforeAll(async () => {
    stt = await startFakeTranscription();
    t = await createTestApp(fakeTranscriptionEnv(stt), { dictationReceiptWaitMs: WAIT_MS });
    await resetDatabase(t.database);
    me = await newUser(t.app, 'receipts');
    stranger = await newUser(t.app, 'receipts-stranger');
  });
  afterAll(async () => {
    await t.close();
    await stt.close();
  });

  async function dictateInto(fileId: string) {
    const params = new URLSearchParams({ fileId, durationMs: '3000', polish: 'false', target: 'document' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dictations?${params}`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'content-type': 'audio/wav' },
      payload: speech,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { delivered: boolean; receipt?: string; paragraphs: string[] };
  }
  const textsOf = async (fileId: string) =>
    ((await me.call('POST', '/api/files/get', { fileId })).body.file.content.content as { content?: { text: string }[] }[]).map(
      (p) => p.content?.map((c) => c.text).join('') ?? '',
    );
  const newDocument = async (name: string) => (await me.call('POST', '/api/files/create', { filePath: name, content: doc('Before.') })).body.file.id as string;

  it('writes the words at the end of the document when the page never acknowledges them', async () => {
    const fileId = await newDocument('Never acknowledged');
    const answer = await dictateInto(fileId);
    expect(answer).toMatchObject({ delivered: true, receipt: expect.any(String), paragraphs: [DEFAULT_TRANSCRIPT] });
    // Not yet: the page has its wait to say it put them in.
    expect(await textsOf(fileId)).toEqual(['Before.']);
    await expect.poll(() => textsOf(fileId), { timeout: 5_000 }).toEqual(['Before.', DEFAULT_TRANSCRIPT]);
  });

  it('writes nothing once the page acknowledges them, and a repeat is harmless', async () => {
    const fileId = await newDocument('Acknowledged');
    const { receipt } = await dictateInto(fileId);
    for (let i = 0; i < 2; i += 1) expect((await me.call('POST', '/api/dictations/received', { receipt })).body).toEqual({ success: true });
    // Longer than the wait, and a later dictation's write (with the same wait) lands first: this one wrote nothing.
    const later = await newDocument('Written later');
    await dictateInto(later);
    await expect.poll(() => textsOf(later), { timeout: 5_000 }).toEqual(['Before.', DEFAULT_TRANSCRIPT]);
    expect(await textsOf(fileId)).toEqual(['Before.']);
  });

  it("does not take another account's acknowledgement", async () => {
    const fileId = await newDocument('Acknowledged by a stranger');
    const { receipt } = await dictateInto(fileId);
    expect((await stranger.call('POST', '/api/dictations/received', { receipt })).status).toBe(200);
    await expect.poll(() => textsOf(fileId), { timeout: 5_000 }).toEqual(['Before.', DEFAULT_TRANSCRIPT]);
  });
});
