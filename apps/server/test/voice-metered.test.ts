import type { UsageCurrent } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '../src/modules/usage/usage.plans';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** Reads the usage record until `done` holds (no sleeping on a guess). */
async function usageWhen(user: TestUser, done: (usage: UsageCurrent) => boolean): Promise<UsageCurrent> {
  for (let i = 0; i < 200; i++) {
    const usage = (await user.call('GET', '/api/usage/current')).body as UsageCurrent;
    if (done(usage)) return usage;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the usage record never reached the expected state');
}

describe('the voice style guide is a metered AI call', () => {
  let t: TestApp;
  let fake: FakeAiProvider;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp({ DEFAULT_PLAN: 'free' }));
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('reserves its worst case (counted prompt + its 1,024-token cap at the premium price), then settles the reported usage', async () => {
    const me = await newUser(t.app, 'voice-meter');
    await me.call('POST', '/api/files/create', { filePath: 'Keeper', content: doc('The keeper counted gulls. He never missed a day.'), isRepository: true });
    fake.requests.length = 0;
    // Slow enough for the reservation to be seen while the guide is being written.
    fake.script({ kind: 'stream', chunks: ['- Short ', 'sentences.', '\n- Plain words.'], intervalMs: 100 });
    expect((await me.call('POST', '/api/voice/analyze')).body).toEqual({ status: 'analyzing' });

    const during = await usageWhen(me, (u) => u.reserved > 0 && fake.requests.length > 0);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ protocol: 'anthropic', model: 'fake-premium', body: { max_tokens: 1024 } });
    // The fake joins the system and user messages with one newline; Bree counts 3 UTF-8 bytes a token.
    const promptTokens = Math.ceil((Buffer.byteLength(request.text, 'utf8') - 1) / 3);
    expect(during.reserved).toBeCloseTo(priceOf({ modelId: 'fake-premium', tier: 'premium', inputTokens: promptTokens, outputTokens: 1024 }), 5);
    expect(during.premiumCalls).toBe(1);

    // Settled with the provider's report (the fake's 100 in + 20 out), the reservation released.
    const after = await usageWhen(me, (u) => u.reserved === 0);
    expect(after).toMatchObject({ premiumCalls: 1, premiumTokens: 120 });
    expect(after.cost).toBeCloseTo(priceOf({ modelId: 'fake-premium', tier: 'premium', inputTokens: 100, outputTokens: 20 }), 6);
  });

  it('is refused by the same budget as the assistant once the plan has no room', async () => {
    const me = await newUser(t.app, 'voice-broke');
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('Spend it.') })).body.file.id;
    // The Free plan's ten premium calls, used by the assistant.
    for (let i = 0; i < 10; i++) {
      const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Spend it.', nodeIds: ['s'] } });
      expect(started.status).toBe(200);
    }
    await usageWhen(me, (u) => u.reserved === 0);
    await me.call('POST', '/api/files/create', { filePath: 'Mine', content: doc('Rain fell on the harbour.'), isRepository: true });
    fake.requests.length = 0;
    await me.call('POST', '/api/voice/analyze');
    let profile: Record<string, unknown> = {};
    for (let i = 0; i < 200 && (profile.status ?? 'analyzing') === 'analyzing'; i++) {
      profile = (await me.call('GET', '/api/voice/profile')).body;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(profile).toMatchObject({ status: 'failed', error: 'Budget limit exceeded. Please upgrade your plan to continue.' });
    expect(fake.requests).toHaveLength(0);
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 10, reserved: 0 });
  });
});
