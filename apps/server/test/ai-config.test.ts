import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, newVerifiedUser } from './api-client';
import { createAiTestApp } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, getTestDatabase, type TestApp } from './harness';

/** Server settings an author must never see: variable names, URLs, keys. */
const OPERATOR_WORDS = /_API_KEY|_BASE_URL|AI_FAST_MODEL|AI_PREMIUM_MODEL|ADMIN_EMAILS|https?:|\btest\b/;

describe('GET /api/config/ai: which AI tiers this server has', () => {
  let t: TestApp | null = null;
  let fake: FakeAiProvider | null = null;
  // The worker's database opens once, here, rather than inside the first test's time.
  beforeAll(async () => {
    await getTestDatabase();
  });
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = null;
    fake = null;
  });

  it('is for signed-in callers only', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/config/ai' });
    expect(res.statusCode).toBe(401);
  });

  it('without a provider: both tiers unavailable; an author gets no operator details, an administrator gets what to set', async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'operator@example.com' });
    const author = await newUser(t.app, 'author');
    const answer = await author.call('GET', '/api/config/ai');
    expect(answer).toEqual({
      status: 200,
      body: {
        tiers: {
          fast: { available: false, model: 'gemini-2.5-flash (Google)' },
          premium: { available: false, model: 'claude-sonnet-4-5 (Anthropic)' },
        },
        transcription: { available: false, model: 'gemini-2.5-flash (Google)' },
      },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(OPERATOR_WORDS);

    const admin = await newVerifiedUser(t, 'Operator@Example.com');
    const adminAnswer = await admin.call('GET', '/api/config/ai');
    expect(adminAnswer.body.tiers).toEqual(answer.body.tiers);
    expect(adminAnswer.body.setup).toEqual([
      { tier: 'fast', model: 'google:gemini-2.5-flash', advice: expect.stringContaining('GOOGLE_GENERATIVE_AI_API_KEY') },
      { tier: 'premium', model: 'anthropic:claude-sonnet-4-5', advice: expect.stringContaining('ANTHROPIC_API_KEY') },
      { tier: 'transcription', model: 'google:gemini-2.5-flash', advice: expect.stringContaining('AI_TRANSCRIPTION_MODEL') },
    ]);
    expect(adminAnswer.body.setup[1].advice).toContain('AI_PREMIUM_MODEL');

    // A call made anyway answers in the same plain words, with no setting named.
    const fileId = (await author.call('POST', '/api/files/create', { content: doc('Hello.') })).body.file.id;
    const refused = await author.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Hello.', nodeIds: ['h'] } });
    expect(refused.body.error).toEqual({ code: 'ai_not_configured', message: 'AI is not set up on this server.' });
  });

  it('with the providers configured: both tiers available, named by their configured models', async () => {
    // The fast tier's OpenAI-compatible server also answers the OpenAI audio API here.
    ({ t, fake } = await createAiTestApp({ ADMIN_EMAILS: 'keeper@example.com', AI_TRANSCRIPTION_MODEL: 'openai-compatible:whisper-small' }));
    const author = await newUser(t.app, 'author');
    const answer = await author.call('GET', '/api/config/ai');
    expect(answer.body).toEqual({
      tiers: { fast: { available: true, model: 'fake-fast (local)' }, premium: { available: true, model: 'fake-premium (local)' } },
      transcription: { available: true, model: 'whisper-small (local)' },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(OPERATOR_WORDS);
    const admin = await newVerifiedUser(t, 'keeper@example.com');
    expect((await admin.call('GET', '/api/config/ai')).body.setup).toEqual([]);
  });

  it('with only the Fast tier configured: Premium unavailable, and AI actions run on Fast', async () => {
    ({ t, fake } = await createAiTestApp({ AI_PREMIUM_MODEL: 'google:gemini-2.5-pro' }));
    const author = await newUser(t.app, 'author');
    expect((await author.call('GET', '/api/config/ai')).body.tiers).toEqual({
      fast: { available: true, model: 'fake-fast (local)' },
      premium: { available: false, model: 'gemini-2.5-pro (Google)' },
    });
    const fileId = (await author.call('POST', '/api/files/create', { content: doc('Rough words.') })).body.file.id;
    // The default is Premium; with no provider for it, the action is served by Fast instead of refused.
    const started = await author.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Rough words.', nodeIds: ['r'] } });
    expect(started).toMatchObject({ status: 200, body: { tier: 'fast' } });
    const provider = fake;
    await expect.poll(() => provider.requests.at(-1)?.model).toBe('fake-fast');
  });
});
