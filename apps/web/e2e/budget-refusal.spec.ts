import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../../server/test/fakes/fake-ai-provider';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../server/test/fakes/stripe';
import { callApi } from './fixtures/api';
import { expect, openDoc, selectParagraph, signUp, suggestionCard, test } from './fixtures/assistant';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

/** docs/BILLING.md#refusals: a refused AI action gets one message saying what ran out, with the one click that helps. */
test.describe('a budget refusal says what ran out and what to do (billing on, the local Stripe stand-in)', () => {
  let ai: FakeAiProvider;
  let stripe: FakeStripe;
  let server: BreeServer;

  test.beforeAll(async () => {
    ai = await startFakeAiProvider();
    stripe = await startFakeStripe();
    server = await startBree({ env: { ...fakeAiEnv(ai), ...fakeStripeEnv(stripe) } });
  });
  test.afterAll(async () => {
    await server.stop();
    removeDataDir(server.dataDir);
    await stripe.close();
    await ai.close();
  });

  test('a Free writer past the 10 Premium calls is offered Fast in one message, and one click runs the action on Fast', async ({ page }) => {
    await signUp(page, server);
    const fileId = await openDoc(page, server);
    await callApi(page, 'POST', '/ai-provider/set', { fileId, provider: 'premium' });
    // The month's 10 Premium calls, made over HTTP: each is counted when it is held.
    for (let i = 0; i < 10; i += 1)
      await callApi(page, 'POST', '/ai/operations', {
        fileId,
        action: 'enhance',
        tier: 'premium',
        selection: { text: 'Rough draft sentence here.', nodeIds: ['n1'] },
      });
    await expect.poll(async () => (await callApi<{ premiumCalls: number }>(page, 'GET', '/usage/current')).premiumCalls).toBe(10);

    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    const refusal = suggestionCard(page).getByTestId('budget-refusal');
    await expect(refusal).toContainText('Premium calls for this month are used up — Fast still has 50 left');
    // One message: the card's, and no toast beside it.
    await expect(page.getByText('Budget limit exceeded')).toHaveCount(0);
    await expect(page.getByText('Premium calls for this month are used up', { exact: false })).toHaveCount(1);

    const fastBefore = ai.requests.filter((r) => r.protocol === 'openai').length;
    await refusal.getByRole('button', { name: 'Switch to Fast' }).click();
    await expect(suggestionCard(page).getByRole('tab', { name: 'Enhanced' })).toBeVisible();
    await expect(page.getByTestId('editor').getByText('Polished first paragraph.')).toBeVisible();
    // It ran on Fast (the fake's OpenAI-compatible side), and the document now uses Fast.
    expect(ai.requests.filter((r) => r.protocol === 'openai').length).toBe(fastBefore + 1);
    const usage = await callApi<{ fastCalls: number; premiumCalls: number }>(page, 'GET', '/usage/current');
    expect(usage).toMatchObject({ fastCalls: 1, premiumCalls: 10 });
    expect(await callApi(page, 'GET', `/ai-provider/status/${fileId}`)).toMatchObject({ provider: 'fast', hasOverride: true });
  });
});
