import type { Page } from '@playwright/test';
import { callApi } from './fixtures/api';
import { openDoc, selectParagraph, signUp, suggestionCard } from './fixtures/assistant';
import { expect, makeCalls, test } from './fixtures/billing';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): Every test here spends the budget on purpose: the assistant's and the chat's calls are refused with 402.
test.use(allowConsoleErrors(failedLoad({ status: 402, path: '/api/ai/operations' }), failedLoad({ status: 402, path: '/api/chat/' })));

/** Sets the document to Premium and makes the Free plan's 10 Premium calls over HTTP (each is counted when it is held). */
async function usePremiumCalls(page: Page, fileId: string): Promise<void> {
  await callApi(page, 'POST', '/ai-provider/set', { fileId, provider: 'premium' });
  await makeCalls(page, { fileId, tier: 'premium', count: 10 });
}

/** docs/BILLING.md#refusals: a refused AI action gets one message saying what ran out, with the one click that helps. */
test.describe('a budget refusal says what ran out and what to do (billing on, the local Stripe stand-in)', () => {
  test('a Free writer past the 10 Premium calls is offered Fast in one message, and one click runs the action on Fast', async ({
    page,
    billing: { server, ai },
  }) => {
    await signUp(page, server);
    const fileId = await openDoc(page, server);
    await usePremiumCalls(page, fileId);

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

  test('the chat says the same one message in place of its error line, and its switch resends the question on Fast', async ({ page, billing: { server } }) => {
    await signUp(page, server);
    const fileId = await openDoc(page, server);
    await usePremiumCalls(page, fileId);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const dialog = page.getByTestId('chat-dialog');
    await dialog.getByLabel('Message').fill('Is the second paragraph clear?');
    await page.keyboard.press('Enter');
    const refusal = dialog.getByTestId('budget-refusal');
    await expect(refusal).toContainText('Premium calls for this month are used up — Fast still has 50 left');
    await expect(page.getByText('Premium calls for this month are used up', { exact: false })).toHaveCount(1);
    await refusal.getByRole('button', { name: 'Switch to Fast' }).click();
    await expect(dialog.getByTestId('chat-reply')).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect.poll(async () => (await callApi<{ fastCalls: number }>(page, 'GET', '/usage/current')).fastCalls).toBe(1);
  });
});
