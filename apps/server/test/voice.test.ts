import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startJobs, type Jobs } from '../src/jobs/jobs';
import { createIdentity } from '../src/modules/identity/identity';
import type { Identity } from '../src/modules/identity/identity.types';
import { NOT_CONFIGURED_GUIDE } from '../src/modules/voice/voice.service';
import { computeStylometrics } from '../src/modules/voice/voice.stylometrics';
import { createServices, type Services } from '../src/services';
import { doc, newUser, type TestUser } from './api-client';
import { readStream } from './ai-helpers';
import { startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';
import type { FastifyInstance } from 'fastify';

const REPO_A = 'The lighthouse keeper counted the gulls every morning. The lighthouse keeper never missed a day.';
const REPO_B = 'Rain fell on the harbour. I mended the nets and waited.';
const HUMAN_C = 'My garden grows tomatoes, beans and stubborn weeds.';
const AI_D = 'Synergy leverages paradigm shifts across verticals.';
const OTHER_TENANT = 'Zanzibar lighthouse marmalade quokka keeper.';

/** Polls the profile until the analysis has finished. */
async function waitForProfile(user: TestUser): Promise<Record<string, unknown>> {
  for (let i = 0; i < 150; i++) {
    const res = await user.call('GET', '/api/voice/profile');
    if (res.body.status !== 'analyzing') return res.body as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('voice analysis did not finish');
}

describe("the author's voice, learned by a pg-boss job", () => {
  let app: FastifyInstance;
  let identity: Identity;
  let services: Services;
  let jobs: Jobs;
  let fake: FakeAiProvider;
  let me: TestUser;
  let gardenId: string;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      AI_FAST_MODEL: 'openai-compatible:fake-fast',
      AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      AI_PREMIUM_MODEL: 'anthropic:fake-premium',
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_BASE_URL: fake.baseUrl,
    });
    const database = await getTestDatabase();
    await resetDatabase(database);
    identity = await createIdentity({ config, database });
    services = createServices({ database, config });
    app = await buildApp({ config, database, identity, services });
    await app.ready();
    jobs = await startJobs({ database, maintenance: services, voice: services.voice, log: pino({ level: 'silent' }) });
    me = await newUser(app, 'voice');
  });
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await identity?.close();
    await fake?.close();
  });

  it('refuses to analyse a voice with no samples, saying what to do, and leaves the profile as it was', async () => {
    const refused = await me.call('POST', '/api/voice/analyze');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'no_voice_samples', message: 'Add a document to your repository first' });
    // An AI-tagged document teaches no voice: still no samples.
    await me.call('POST', '/api/files/create', { filePath: 'Generated', content: doc(AI_D), metadata: { authenticity: 'AI' } });
    expect((await me.call('POST', '/api/voice/analyze')).body.error.code).toBe('no_voice_samples');
    expect((await me.call('GET', '/api/voice/profile')).body).toMatchObject({ status: 'idle', stats: null, sampleCount: 0 });
  });

  it('analyses repository files and Human documents (never AI-tagged ones) and writes a style guide', async () => {
    expect((await me.call('GET', '/api/voice/profile')).body).toMatchObject({ status: 'idle', stats: null, sampleCount: 0 });
    await me.call('POST', '/api/files/create', { filePath: 'Keeper', content: doc(REPO_A), isRepository: true });
    await me.call('POST', '/api/files/create', { filePath: 'Harbour', content: doc(REPO_B), isRepository: true });
    gardenId = (await me.call('POST', '/api/files/create', { filePath: 'Garden', content: doc(HUMAN_C), metadata: { authenticity: 'Human' } })).body.file
      .id as string;
    await me.call('POST', '/api/files/create', { filePath: 'Pitch', content: doc(AI_D), isRepository: true, metadata: { authenticity: 'AI' } });
    fake.requests.length = 0;

    const started = await me.call('POST', '/api/voice/analyze');
    expect(started).toMatchObject({ status: 200, body: { status: 'analyzing' } });
    const profile = await waitForProfile(me);

    const expected = computeStylometrics([HUMAN_C, REPO_B, REPO_A].join('\n\n'));
    expect(profile).toMatchObject({
      status: 'ready',
      sampleCount: 3,
      sampleWords: 34,
      error: null,
      styleGuide: 'Polished first paragraph.\n\nPolished second paragraph.',
    });
    expect(profile.stats).toEqual(expected);
    expect(expected).toMatchObject({ sentences: 5, sentenceLength: { mean: 6.8, median: 7, p10: 5, p90: 8 }, paragraphs: 3 });
    expect(expected.punctuationPer1000Words.commas).toBe(29.41);
    expect(profile.analyzedAt).toEqual(expect.any(String));

    const guideRequest = fake.requests.find((r) => r.protocol === 'anthropic')!;
    expect(guideRequest.model).toBe('fake-premium');
    expect(guideRequest.text).toMatch(/<stats>\nSentences: mean 6\.8 words[\s\S]*<\/stats>/);
    expect(guideRequest.text).toMatch(/<sample n="\d">\nThe lighthouse keeper counted the gulls every morning\.[\s\S]*?<\/sample>/);
    expect(guideRequest.text).toContain(HUMAN_C);
    expect(guideRequest.text).not.toContain('Synergy');
  });

  it("keeps the author's edits", async () => {
    const put = await me.call('PUT', '/api/voice/profile', { styleGuide: '- Short, salty sentences.', userNotes: 'Never use semicolons.' });
    expect(put.body).toMatchObject({ styleGuide: '- Short, salty sentences.', userNotes: 'Never use semicolons.', status: 'ready', sampleCount: 3 });
    expect((await me.call('GET', '/api/voice/profile')).body).toMatchObject({ styleGuide: '- Short, salty sentences.', userNotes: 'Never use semicolons.' });
  });

  it("puts the profile and the most similar passage in AI prompts, never another tenant's text", async () => {
    const other = await newUser(app, 'other');
    await other.call('POST', '/api/files/create', { filePath: 'Exotic', content: doc(OTHER_TENANT), isRepository: true });
    const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Draft', content: doc('The lighthouse keeper watched gulls circle.') })).body.file
      .id as string;
    fake.requests.length = 0;
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'The lighthouse keeper watched gulls circle.', nodeIds: ['n1'] },
    });
    expect(started.status).toBe(200);
    expect((await readStream(me, started.body.operationId)).events.at(-1)?.event).toBe('done');

    const text = fake.requests[0]!.text;
    expect(text).toContain('- Short, salty sentences.');
    expect(text).toContain('Never use semicolons.');
    expect(text).toContain('Measured habits:\nSentences: mean 6.8 words');
    expect(text).toContain(`<passage>\n${REPO_A}\n</passage>`);
    expect(text.indexOf(REPO_A)).toBeLessThan(text.indexOf('<selection>'));
    expect(text).not.toContain('Zanzibar');
    expect(text).not.toContain('Synergy');
  });

  it('re-learns the voice when samples change (the voice-refresh job)', async () => {
    // Re-tagging a Human document AI-Assisted takes it out of the samples.
    expect((await me.call('POST', '/api/files/bulk-tag', { fileIds: [gardenId], authenticity: 'AI-Assisted' })).status).toBe(200);
    expect(await services.voice.refresh()).toBeGreaterThanOrEqual(1);
    const profile = await waitForProfile(me);
    expect(profile).toMatchObject({ status: 'ready', sampleCount: 2, sampleWords: 26, userNotes: 'Never use semicolons.' });
    expect(await services.voice.refresh()).toBe(0);
  });
});

describe('the voice without an AI provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
  });
  afterAll(() => t.close());

  it('still computes the figures and says why there is no style guide', async () => {
    const user = await newUser(t.app, 'noai');
    await user.call('POST', '/api/files/create', { filePath: 'Mine', content: doc(REPO_B), isRepository: true });
    expect((await user.call('POST', '/api/voice/analyze')).body).toEqual({ status: 'analyzing' });
    const profile = await waitForProfile(user);
    expect(profile).toMatchObject({ status: 'ready', error: null, sampleCount: 1, sampleWords: 11, styleGuide: NOT_CONFIGURED_GUIDE });
    expect(profile.stats).toEqual(computeStylometrics(REPO_B));
  });
});
