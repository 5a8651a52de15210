import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { test as base, expect, newAccount, AuthPages, ORIGINAL, openDoc, selectParagraph, signUp } from './fixtures/assistant';
import { allowConsoleErrors } from './fixtures/console-watch';
import { startBree, removeDataDir, type BreeServer } from './fixtures/server';

const NOT_SET_UP = 'AI is not set up on this server';
const ADMIN_EMAIL = `operator-${Date.now()}@example.com`;

/** `noAi`: a Bree started with no AI provider at all. */
const test = base.extend<object, { noAi: BreeServer }>({
  noAi: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see no fixture dependencies
    async ({}, use) => {
      const server = await startBree();
      await use(server);
      await server.stop();
      removeDataDir(server.dataDir);
    },
    { scope: 'worker' },
  ],
});

/** Every request the page makes that would ask a model for something. */
function recordAiRequests(page: Page): Request[] {
  const made: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/ai/operations') || path === '/api/voice/analyze') made.push(request);
  });
  return made;
}

/** An AI button shown as unavailable: aria-disabled, described by the reason, whose tooltip shows on hover. */
async function expectUnavailable(page: Page, button: Locator): Promise<void> {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(NOT_SET_UP);
  await button.hover();
  await expect(page.getByRole('tooltip', { name: NOT_SET_UP })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test.describe('a Bree with no AI provider', () => {
  test('shows every AI button unavailable, and why, before any click; no AI request is ever made', async ({ page, noAi }) => {
    const aiRequests = recordAiRequests(page);
    await new AuthPages(page, noAi).signUpOverHttp(newAccount('noai'));
    // The model choice in the profile menu says AI is not set up.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByTestId('quality-model')).toHaveText(NOT_SET_UP);
    await expect(page.getByRole('radiogroup', { name: 'Default Bree Quality' }).getByRole('radio', { name: 'Fast' })).toHaveAccessibleDescription(
      'Not set up on this server',
    );
    await page.keyboard.press('Escape');
    await openDoc(page, noAi);

    // Toolbar: the Assistant menu does not open; its reason is there on hover, focus and a press.
    const assistant = page.getByRole('button', { name: 'Assistant', exact: true });
    await expectUnavailable(page, assistant);
    await assistant.focus();
    await expect(page.getByRole('tooltip', { name: NOT_SET_UP })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await assistant.click({ force: true });
    await expect(page.getByRole('tooltip', { name: NOT_SET_UP })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);

    // Selection menu: each rewrite is unavailable; pressing one anyway changes nothing and asks nothing.
    await selectParagraph(page);
    const actions = page.getByRole('toolbar', { name: 'Assistant actions' });
    for (const name of ['Enhance', 'Modify', 'Shrink', 'Expand']) await expectUnavailable(page, actions.getByRole('button', { name }));
    await actions.getByRole('button', { name: 'Enhance' }).click({ force: true });
    await expect(page.getByTestId('ai-suggestion')).toHaveCount(0);
    await expect(page.getByTestId('editor')).toContainText(ORIGINAL);

    // Voice panel: 'Analyze my voice' likewise.
    await page.getByRole('tab', { name: 'Voice' }).first().click();
    await expectUnavailable(page, page.getByRole('button', { name: 'Analyze my voice' }));

    // The workspace's action grid: Duplicate needs no AI; every AI action is unavailable and opens no focus box.
    await page.getByRole('tab', { name: 'Document' }).first().click();
    await page.getByRole('button', { name: 'Standard Workspace' }).click();
    await expect(page.getByText('Workspace ready')).toBeVisible();
    const grid = page.getByRole('group', { name: 'Create a variant' });
    await expect(grid.getByRole('button', { name: 'Duplicate', exact: true })).toBeEnabled();
    for (const name of ['Vary', 'Shrinkify', 'Expandify', 'Threadify', 'Storify', 'Emailify', 'Postify']) {
      await expectUnavailable(page, grid.getByRole('button', { name, exact: true }));
    }
    await grid.getByRole('button', { name: 'Vary', exact: true }).click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Vary' })).toHaveCount(0);

    // The model choice says the tiers are not set up, and an author is told nothing about server settings.
    await page.getByRole('tab', { name: 'Settings' }).first().click();
    await expect(page.getByTestId('model-fast')).toHaveText('Not set up on this server');
    await expect(page.getByTestId('model-premium')).toHaveText('Not set up on this server');
    await expect(page.getByRole('radio', { name: 'Fast' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('ai-admin-setup')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('API_KEY');

    // One place says it; no toast repeats it.
    await expect(page.getByRole('status').filter({ hasText: NOT_SET_UP })).toHaveCount(0);
    expect(aiRequests.map((r) => r.url())).toEqual([]);

    // The admin portal tells an author it is not theirs, and shows no server settings.
    await page.goto(`${noAi.url}/admin`);
    await expect(page.getByRole('heading', { name: 'You are not allowed to open this page' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AI models' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('API_KEY');
  });

  test('on a phone, the selection sheet’s actions are unavailable and a tap says why', async ({ browser, noAi }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      const aiRequests = recordAiRequests(page);
      await new AuthPages(page, noAi).signUpOverHttp(newAccount('noai-phone'));
      await openDoc(page, noAi);
      await selectParagraph(page);
      const sheet = page.getByTestId('ai-actions');
      await expect(sheet).toBeVisible();
      const enhance = sheet.getByRole('button', { name: 'Enhance' });
      await expect(enhance).toHaveAttribute('aria-disabled', 'true');
      await expect(enhance).toHaveAccessibleDescription(NOT_SET_UP);
      await enhance.tap({ force: true });
      await expect(page.getByRole('tooltip', { name: NOT_SET_UP })).toBeVisible();
      await expect(page.getByTestId('ai-suggestion')).toHaveCount(0);
      expect(aiRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an administrator, once their address is verified, sees which variables to set in the AI Provider Override', async ({ page }) => {
    // Without SMTP_URL the operator verifies the address on the server, with Bree stopped.
    const admin = { email: ADMIN_EMAIL, password: 'a long enough password' };
    const env = { ADMIN_EMAILS: admin.email };
    const first = await startBree({ env });
    let second: BreeServer | null = null;
    try {
      const auth = new AuthPages(page, first);
      await auth.signUpOverHttp(admin);
      await auth.signOut();
      // The page leaves before Bree stops: nothing it would load meanwhile finds a stopped server.
      await page.goto('about:blank');
      await first.stop();
      const verified = spawnSync(process.execPath, ['scripts/verify-email.mjs', admin.email], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: first.dataDir },
        encoding: 'utf8',
      });
      expect(verified.stdout).toContain(`The email ${admin.email} is now verified.`);

      second = await startBree({ dataDir: first.dataDir, port: first.port, env });
      await new AuthPages(page, second).signInOverHttp(admin);
      await page.waitForURL(`${second.url}/app`);
      await openDoc(page, second);
      await page.getByRole('tab', { name: 'Settings' }).first().click();
      const notes = page.getByTestId('ai-admin-setup');
      await expect(notes).toContainText('shown to administrators only');
      await expect(notes).toContainText('GOOGLE_GENERATIVE_AI_API_KEY');
      await expect(notes).toContainText('ANTHROPIC_API_KEY');
      await expect(notes).toContainText('AI_PREMIUM_MODEL');

      // The admin portal shows the same: each tier's model, not set up, and what to set.
      await page.goto(`${second.url}/admin`);
      await expect(page.getByRole('heading', { name: 'AI models' })).toBeVisible();
      await expect(page.getByText(/· Not set up$/)).toHaveCount(2);
      await expect(page.getByTestId('ai-admin-setup')).toContainText('ANTHROPIC_API_KEY');
    } finally {
      await page.goto('about:blank');
      await first.stop();
      await second?.stop();
      removeDataDir(first.dataDir);
    }
  });
});

test.describe('a Bree with no AI provider, when the buttons could not know', () => {
  // The offline service worker would answer the configuration request itself: page.route must see it.
  test.use({ serviceWorkers: 'block' });
  // The race aborts the configuration request (route.abort), and the call is answered 503 (AI not set up).
  test.use(allowConsoleErrors(/net::ERR_FAILED \(at [^)]*\/api\/config\/ai\)/, /status of 503 .*\/api\/ai\/operations\)/));

  test('a call made before the buttons knew (a race) is answered by one message, and the buttons then learn', async ({ page, noAi }) => {
    await new AuthPages(page, noAi).signUpOverHttp(newAccount('noai-race'));
    // The configuration answer is lost, so the buttons cannot know yet and stay usable.
    let lose = true;
    await page.route('**/api/config/ai', (route) => (lose ? route.abort() : route.fallback()));
    await openDoc(page, noAi);
    await selectParagraph(page);
    const enhance = page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' });
    await expect(enhance).not.toHaveAttribute('aria-disabled', 'true');
    // Lost until the call has gone out: a retry of the configuration request answered before the
    // click would disable the button first (CI met that once).
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/operations')) lose = false;
    });
    await enhance.click();

    const card = page.getByTestId('ai-suggestion');
    await expect(card.getByTestId('ai-error')).toHaveText(`${NOT_SET_UP}.`);
    await expect(page.getByText(NOT_SET_UP).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: NOT_SET_UP })).toHaveCount(0);
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Assistant', exact: true })).toHaveAttribute('aria-disabled', 'true');
    await selectParagraph(page);
    await expect(page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' })).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('a Bree with AI providers', () => {
  test('names the configured models in the model choice, and its AI buttons are usable', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const quality = page.getByRole('radiogroup', { name: 'Default Bree Quality' });
    await expect(quality.getByRole('radio', { name: 'Premium' })).toHaveAccessibleDescription('fake-premium (local)');
    await expect(quality.getByRole('radio', { name: 'Fast' })).toHaveAccessibleDescription('fake-fast (local)');
    await expect(page.getByTestId('quality-model')).toHaveText('Uses fake-premium (local)');
    await page.keyboard.press('Escape');

    await openDoc(page, ai.server);
    await expect(page.getByRole('button', { name: 'Assistant', exact: true })).not.toHaveAttribute('aria-disabled');

    await page.getByRole('tab', { name: 'Settings' }).first().click();
    await expect(page.getByTestId('model-fast')).toHaveText('fake-fast (local)');
    await expect(page.getByTestId('model-premium')).toHaveText('fake-premium (local)');
    await expect(page.getByRole('radio', { name: 'Fast' })).toHaveAccessibleDescription('fake-fast (local)');
    await expect(page.getByText(/Gemini|Claude/)).toHaveCount(0);
    await expect(page.getByTestId('ai-admin-setup')).toHaveCount(0);
  });
});
