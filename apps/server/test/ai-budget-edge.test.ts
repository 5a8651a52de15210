import { AI_MAX_TEXT, type AiTier } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OUTPUT_TOKENS } from '../src/modules/ai/ai.metered';
import { estimateTokens, priceOf } from '../src/modules/usage/usage.plans';
import { doc, newUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** Largest text the operation body accepts, in words so every tokenizer sees ordinary prose. */
const LARGEST = 'word '.repeat(AI_MAX_TEXT / 5);
/** A long answer: the fake cuts it at the request's max_tokens, as a real model stops there. */
const LONG_ANSWER = Array.from({ length: 400 }, () => 'Polished sentence that goes on. '.repeat(2));

describe('the budget edge: 100 parallel calls with the largest input on the Free plan', () => {
  let t: TestApp;
  let fake: FakeAiProvider;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp({ DEFAULT_PLAN: 'free' }));
    await resetDatabase(t.database);
    // Usage as a provider reports it: its own (denser) token count of the prompt and of the answer.
    fake.answer(() => true, { kind: 'stream', chunks: LONG_ANSWER, usage: 'counted' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  for (const tier of ['fast', 'premium'] as const satisfies AiTier[]) {
    it(`${tier}: the recorded spend passes the $1.00 credit by at most one reservation`, async () => {
      const me = await newUser(t.app, `edge-${tier}`);
      const fileId = (await me.call('POST', '/api/files/create', { content: doc('Edge words.') })).body.file.id;
      fake.requests.length = 0;
      const body = { fileId, action: 'enhance', tier, selection: { text: LARGEST, nodeIds: ['e'] }, context: { before: LARGEST, after: LARGEST } };
      const answers = await Promise.all(Array.from({ length: 100 }, () => me.call('POST', '/api/ai/operations', body)));
      const accepted = answers.filter((a) => a.status === 200);
      for (const refused of answers.filter((a) => a.status !== 200))
        expect(refused).toMatchObject({ status: 402, body: { error: { code: 'budget_exceeded' } } });
      await Promise.all(accepted.map((a) => readStream(me, a.body.operationId)));

      const usage = (await me.call('GET', '/api/usage/current')).body;
      expect(fake.requests).toHaveLength(accepted.length);
      expect(usage).toMatchObject({ reserved: 0, [`${tier}Calls`]: accepted.length });
      // One call's worst case: its prompt as Bree counts it plus the full output allowance, at the model's price.
      const modelId = fake.requests[0]!.model;
      const oneReservation = priceOf({ modelId, tier, inputTokens: estimateTokens(fake.requests[0]!.text), outputTokens: MAX_OUTPUT_TOKENS });
      expect(usage.cost).toBeLessThanOrEqual(1 + oneReservation);
      // The dollar credit, not the call cap, stops this burst, and not before every call that fits was let through.
      expect(accepted.length).toBeLessThan(usage.limits[`${tier}Calls`] as number);
      expect(accepted.length).toBeGreaterThanOrEqual(Math.floor(1 / oneReservation));
    });
  }
});
