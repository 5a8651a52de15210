import type { Page } from '@playwright/test';
import { test, expect, signUp } from './fixtures/assistant';
import { callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): Analyze my voice with no samples is refused with 409 on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 409, path: '/api/voice/analyze' })));

const PROSE = [
  'The kettle sang before I was ready for it. I stood at the window and watched the rain walk across the field, slow and grey, the way it always does in March. Nothing in the house moved; even the cat had given up on the morning.',
  'We drove north in the old car, the one with the broken radio. My sister counted sheep out loud until she fell asleep, and I kept driving, the road unspooling under the headlights like a thread I could not stop pulling.',
];

async function createRepositoryDoc(page: Page, name: string, content: string): Promise<string> {
  const answer = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content, isRepository: true });
  return answer.file.id;
}

// 'Analyze my voice' is for a Bree with an AI provider (without one it is unavailable: ai-availability.spec.ts).
test.describe('voice panel', () => {
  test('with no samples yet, Analyze my voice says what to do first', async ({ page, ai }) => {
    const bree = ai.server;
    await signUp(page, bree);
    const doc = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Draft.txt', content: 'Not a sample yet' });
    await page.goto(`${bree.url}/app/${doc.file.id}`);
    await page.getByRole('tab', { name: 'Voice' }).first().click();
    await page.getByRole('button', { name: 'Analyze my voice' }).click();
    await expect(page.getByText('Add a document to your repository first').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analyze my voice' })).toBeEnabled();
  });

  test('analyzes the repository samples and keeps the author’s notes', async ({ page, ai }) => {
    const bree = ai.server;
    const removeRule = ai.fake.answer(/Write the style guide for this author/, '- Short sentences, weather in every opening.');
    await signUp(page, bree);
    const fileId = await createRepositoryDoc(page, 'Rain in March', PROSE[0] ?? '');
    await createRepositoryDoc(page, 'Driving north', PROSE[1] ?? '');

    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText('The kettle sang');
    // Listen for the completion event before starting the analysis.
    const finished = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          window.addEventListener('bree:voice-analyzed', (e) => resolve(String((e as CustomEvent<{ status: string }>).detail.status)), { once: true });
        }),
    );
    await page.getByRole('tab', { name: 'Voice' }).first().click();
    await page.getByRole('button', { name: 'Analyze my voice' }).click();
    await expect(page.getByRole('status', { name: 'Analyzing your writing…' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analyze my voice' })).toBeVisible({ timeout: 20_000 });
    expect(await finished).toBe('ready');
    await expect(page.getByText('Voice profile updated')).toBeVisible();

    await expect(page.getByTestId('voice-samples')).toContainText('2 documents');
    await expect(page.getByText('Average sentence length')).toBeVisible();
    await expect(page.getByText('Readability', { exact: true })).toBeVisible();
    // The reading ease says its scale and stays on it.
    await expect(page.getByText(/^Grade \d+ \([a-z ]+, reading ease (\d|[1-9]\d|100) of 100\)$/)).toBeVisible();
    await expect(page.getByLabel('Style guide')).toHaveValue('- Short sentences, weather in every opening.');
    removeRule();

    const notes = 'Keep the weather in every opening.';
    await page.getByLabel('Your notes').fill(notes);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Voice profile saved')).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Voice' }).first().click();
    await expect(page.getByLabel('Your notes')).toHaveValue(notes);
    await expect(page.getByTestId('voice-samples')).toContainText('2 documents');
  });
});
