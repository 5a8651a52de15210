import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

describe('AI budget on the free plan', () => {
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

  it("accepts at most the plan's 10 premium calls out of 20 parallel ones and refuses the rest with 402", async () => {
    const me = await newUser(t.app, 'budget');
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('Budget words.') })).body.file.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Budget words.', nodeIds: ['b'] } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted).toHaveLength(10);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 402,
        body: { error: { code: 'budget_exceeded', message: 'Budget limit exceeded. Please upgrade your plan to continue.' } },
      });
    }
    await Promise.all(accepted.map((a) => readStream(me, a.body.operationId)));
    const usage = (await me.call('GET', '/api/usage/current')).body;
    expect(usage).toMatchObject({
      premiumCalls: 10,
      premiumTokens: 10 * 120,
      fastCalls: 0,
      reserved: 0,
      limits: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
    });
    // 100 input + 20 output tokens at the premium list price ($3 / $15 per million), ten times.
    expect(usage.cost).toBeCloseTo((10 * (100 * 3 + 20 * 15)) / 1e6, 6);
    expect(fake.requests).toHaveLength(10);
  });

  it('gives back a call that produced nothing, so a failed call does not use up the plan', async () => {
    const me = await newUser(t.app, 'refund');
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('Refund words.') })).body.file.id;
    fake.script({ kind: 'status', status: 400 });
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'Refund words.', nodeIds: ['r'] },
    });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'rewrite_failed' } });
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ fastCalls: 0, fastTokens: 0 });
    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
