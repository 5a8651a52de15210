import { test, expect, openDoc, selectParagraph, signUp, suggestionCard } from './fixtures/assistant';
import { apiAnswer, callApi } from './fixtures/api';

const ARRIVED = 'Background operation completed';

test.describe("'Background operation completed'", () => {
  test('is not shown when nothing arrived', async ({ page, ai }) => {
    await signUp(page, ai.server);
    // The background results are asked for on opening; the answer (nothing) has to have come back.
    const fetched = page.waitForResponse((r) => r.url().includes('/api/background-responses/'));
    await openDoc(page, ai.server);
    expect((await fetched).ok()).toBe(true);
    await page.waitForTimeout(500);
    await expect(page.getByText(ARRIVED)).toHaveCount(0);
    await expect(suggestionCard(page)).toHaveCount(0);
  });

  test('is shown once when a result finished while the writer was away', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const fileId = await openDoc(page, ai.server);
    // The Fast tier speaks the paced OpenAI-compatible stream: slow enough to leave before it ends.
    await callApi(page, 'POST', '/ai-provider/set', { fileId, provider: 'fast' });
    ai.fake.script({ kind: 'stream', chunks: ['Written ', 'while ', 'you ', 'were ', 'away.'], intervalMs: 400 });
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    await expect(page.getByTestId('ai-stream')).toContainText('Written');

    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    await expect
      .poll(async () => (await apiAnswer<{ responses: unknown[] }>(page, 'GET', `/background-responses/${fileId}`)).body.responses.length, {
        timeout: 15_000,
      })
      .toBe(1);

    await page.goto(`${ai.server.url}/app/${fileId}`);
    await expect(page.getByText(ARRIVED)).toBeVisible();
    await expect(suggestionCard(page).getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(page.getByTestId('editor')).toContainText('Written while you were away.');

    // Seen now: coming back again brings the suggestion without the news.
    await page.reload();
    await expect(suggestionCard(page).getByRole('button', { name: 'Accept' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByText(ARRIVED)).toHaveCount(0);
  });
});
