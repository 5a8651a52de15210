import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../../server/test/fakes/fake-ai-provider';
import { test, expect, signUp, openDoc, selectParagraph, suggestionCard, paragraphs, INTRO, ORIGINAL } from './fixtures/assistant';
import { callApi } from './fixtures/api';
import { startBree, removeDataDir, type BreeServer } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): These tests stop their Bree mid-operation: the stream and saves sent meanwhile find no server.
test.use(allowConsoleErrors(failedLoad({ error: 'ERR_CONNECTION_REFUSED', path: '/api/' })));

const BUDGET_MESSAGE = 'Budget limit exceeded. Please upgrade your plan to continue.';

/** A Bree of its own (these tests restart it or change its plan), with the fake as both tiers' provider. */
async function aiBree(fake: FakeAiProvider, env: Record<string, string> = {}, at: { dataDir?: string; port?: number } = {}): Promise<BreeServer> {
  return startBree({ ...at, env: { ...fakeAiEnv(fake), ...env } });
}

test.describe('an operation outlives its Bree', () => {
  let fake: FakeAiProvider;
  let server: BreeServer | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-e2e-restart-'));

  test.beforeAll(async () => {
    fake = await startFakeAiProvider();
  });
  test.afterAll(async () => {
    await server?.stop();
    removeDataDir(dataDir);
    await fake.close();
  });

  test('a restart mid-generation: the open editor reconnects and shows the whole suggestion from the next Bree', async ({ page }) => {
    test.setTimeout(120_000);
    server = await aiBree(fake, {}, { dataDir });
    await signUp(page, server);
    const fileId = await openDoc(page, server);
    // The Fast tier speaks the paced OpenAI-compatible stream: slow enough to be cut by the restart.
    await callApi(page, 'POST', '/ai-provider/set', { fileId, provider: 'fast' });
    fake.script({ kind: 'stream', chunks: Array.from({ length: 80 }, (_, i) => `slow${i} `), intervalMs: 100 });
    const before = fake.requests.length;

    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    await expect(page.getByTestId('ai-stream')).toContainText('slow2');

    const port = server.port;
    await server.stop();
    // While Bree is away, the card says so instead of pretending to write.
    await expect(suggestionCard(page)).toContainText('Connection lost. Reconnecting…');
    server = await aiBree(fake, {}, { dataDir, port });

    // The retried job gets the fake's normal answer; the half-streamed text is gone.
    const editor = page.getByTestId('editor');
    await expect(suggestionCard(page).getByRole('tab', { name: 'Enhanced' })).toBeVisible({ timeout: 60_000 });
    await expect(editor.getByText('Polished first paragraph.')).toBeVisible();
    await expect(editor).not.toContainText('slow');
    expect(fake.requests.length - before).toBe(2);
    await suggestionCard(page).getByRole('button', { name: 'Accept' }).click();
    await expect(suggestionCard(page)).toBeHidden();
    expect(await paragraphs(page)).toEqual([INTRO, 'Polished first paragraph.', 'Polished second paragraph.']);
  });
});

test.describe('the local budget check', () => {
  let fake: FakeAiProvider;
  let server: BreeServer;

  test.beforeAll(async () => {
    fake = await startFakeAiProvider();
    server = await aiBree(fake, { DEFAULT_PLAN: 'free' });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
    await fake.close();
  });

  test("once the month's credit is spent, an action is refused with one budget message before anything is sent", async ({ page }) => {
    await signUp(page, server);
    await openDoc(page, server);
    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/ai/operations')) starts.push(r.url());
    });
    // One premium call of 400,000 input tokens at $3 per million: $1.20, past the free plan's $1.00.
    fake.script({ kind: 'stream', chunks: ['Costly answer.'], usage: { input: 400_000, output: 0 } });
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    await expect(page.getByTestId('editor').getByText('Costly answer.')).toBeVisible();
    await suggestionCard(page).getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByTestId('editor').getByText(ORIGINAL)).toBeVisible();
    expect(starts).toHaveLength(1);

    const usage = await callApi<{ cost: number; limits: { creditDollars: number } }>(page, 'GET', '/usage/current');
    expect(usage.cost).toBeGreaterThan(usage.limits.creditDollars);
    const calls = fake.requests.length;
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    // One message, on the card, saying what ran out and what to do (docs/BILLING.md#refusals); no toast repeats it.
    const refusal = suggestionCard(page).getByTestId('budget-refusal');
    await expect(refusal).toContainText('Your credit is used up');
    await expect(refusal).toContainText(BUDGET_MESSAGE);
    await expect(refusal.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    await expect(page.getByText(BUDGET_MESSAGE)).toHaveCount(1);
    await expect(page.getByTestId('editor').getByText(ORIGINAL)).toBeVisible();
    // Refused by the local check: no operation was started and the provider was never asked.
    expect(starts).toHaveLength(1);
    expect(fake.requests.length).toBe(calls);
  });
});
