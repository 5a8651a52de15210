import type { Page } from '@playwright/test';
import { test, expect, openDoc, requestsAbout, signUp } from './fixtures/assistant';
import { apiAnswer, callApi } from './fixtures/api';
import type { BreeServer } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): A variant the budget has no room for is refused with 402 on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 402, path: '/api/workspaces/' })));

/** The fake's answers, told apart by the task line of each action's prompt. */
const TASKS = { threadify: /Task: Turn the document into a thread/, emailify: /Task: Turn the document into an email/ };
const POSTS = ['Writers need a calm place to work.', 'Bree keeps every version of a piece together.', 'Try it with your next draft.'];
const EMAIL = ['Subject: A calmer way to write', 'Hello reader, here is what changed.'];

const toast = (page: Page, text: string | RegExp) => page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();
const panel = (page: Page) => page.getByRole('complementary', { name: 'Document panel' });
const picker = (page: Page) => panel(page).getByRole('list', { name: 'Workspace files' });

/** Opens a new document of these paragraphs and makes it a workspace from the Document panel. */
async function openWorkspace(page: Page, server: BreeServer, paragraphs: string[]): Promise<string> {
  const fileId = await openDoc(page, server, paragraphs);
  await expect(panel(page).getByRole('button', { name: 'Book Workspace' })).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Standard Workspace' }).click();
  await expect(toast(page, 'Workspace created')).toBeVisible();
  await expect(toast(page, 'Workspace ready')).toBeVisible();
  await expect(picker(page).getByRole('link').first()).toHaveAttribute('aria-current', 'page');
  return fileId;
}

const STALE = 'The master has changed since this variant was made';

/** Makes a new document of `text` a workspace with one Duplicate, over the API; answers both ids. */
async function workspaceOverApi(page: Page, text: string): Promise<{ masterId: string; variantId: string }> {
  const created = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `Workspace ${Date.now()}.txt`, content: text });
  const masterId = created.file.id;
  await callApi(page, 'POST', '/workspaces/convert', { fileId: masterId, workspaceType: 'standard' });
  const made = await callApi<{ variantId: string }>(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' });
  return { masterId, variantId: made.variantId };
}

/** Types `words` at the end of the paragraph holding `text` and waits for the save and 'Saved', as a writer would. */
async function typeAndSave(page: Page, text: string, words: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/files/content-only-update') && r.ok());
  await page.getByTestId('editor').getByText(text).click();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
  await saved;
  await expect(page.getByTestId('save-status').first()).toHaveText(/^Saved just now$/);
}

test.describe('workspaces', () => {
  test('converts from the list: Standard offered, Book disabled, the row shows its variant count', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const created = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Launch notes.txt', content: 'Plans for the launch.' });
    await page.goto(`${ai.server.url}/app`);
    await page.getByRole('button', { name: 'More actions for Launch notes' }).click();
    await page.getByRole('menuitem', { name: 'Convert to workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to workspace' });
    await expect(dialog.getByRole('button', { name: 'Book Workspace' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Standard Workspace' }).click();
    await expect(toast(page, 'Workspace created')).toBeVisible();
    await expect(toast(page, 'Workspace ready')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Launch notes' });
    await expect(row.getByRole('img', { name: 'Workspace' })).toBeVisible();
    await expect(row.getByTestId('variant-count')).toHaveText('0 variants');
    // A master is not converted again.
    await row.getByRole('button', { name: 'More actions for Launch notes' }).click();
    await expect(page.getByRole('menuitem', { name: 'Convert to workspace' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A variant counts on its master's row and stays out of the list.
    await callApi(page, 'POST', `/workspaces/${created.file.id}/variants`, { type: 'duplicate' });
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'Launch notes' }).getByTestId('variant-count')).toHaveText('1 variant');
    await expect(page.getByRole('link', { name: /Duplicate/ })).toHaveCount(0);
  });

  test('Duplicate, open the variant, rename it and delete it from the picker', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const masterId = await openWorkspace(page, ai.server, ['Master text to copy.']);
    await panel(page).getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(toast(page, 'Duplicate created')).toBeVisible();
    const entry = picker(page).getByRole('link', { name: /^Duplicate/ });
    await expect(entry).toBeVisible();

    await entry.click();
    await expect(page).not.toHaveURL(new RegExp(`/app/${masterId}$`));
    await expect(page.getByTestId('editor')).toContainText('Master text to copy.');
    await expect(picker(page).getByRole('link', { name: /^Duplicate/ })).toHaveAttribute('aria-current', 'page');

    await picker(page).getByRole('button', { name: 'Rename Duplicate' }).click();
    const field = picker(page).getByRole('textbox', { name: 'Variant label' });
    await field.fill('For the newsletter');
    await field.press('Enter');
    await expect(toast(page, 'Variant renamed successfully')).toBeVisible();
    await page.reload();
    await expect(picker(page).getByRole('link', { name: /^For the newsletter/ })).toBeVisible();

    await picker(page).getByRole('button', { name: 'Delete For the newsletter' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'File deleted')).toBeVisible();
    // The open variant went: its master opens.
    await expect(page).toHaveURL(new RegExp(`/app/${masterId}$`));
    await expect(picker(page).getByRole('link')).toHaveCount(1);
  });

  test('Threadify: the focus box, the variant written in the picker, then shown as a thread', async ({ page, ai }) => {
    const remove = ai.fake.answer(TASKS.threadify, { kind: 'stream', chunks: [POSTS.join('\n\n')], intervalMs: 300 });
    try {
      await signUp(page, ai.server);
      await openWorkspace(page, ai.server, ['A long article about calm writing tools.']);
      await panel(page).getByRole('button', { name: 'Threadify', exact: true }).click();
      const box = page.getByRole('dialog', { name: 'Threadify' });
      await expect(box).toContainText('Documents work best up to 2500 words.');
      const field = box.getByRole('textbox', { name: 'Focus instructions (optional)' });
      // Over 500 characters Confirm is off; Shift+Enter adds a line; Enter confirms.
      await field.fill('x'.repeat(501));
      await expect(box.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await expect(box).toContainText('501/500');
      await field.fill('Lead with the calm');
      await field.press('Shift+Enter');
      await field.pressSequentially('Keep it short');
      await expect(field).toHaveValue('Lead with the calm\nKeep it short');
      await field.press('Enter');
      await expect(box).toBeHidden();

      await expect(picker(page)).toContainText('Writing…');
      await expect(toast(page, 'Thread created')).toBeVisible({ timeout: 20_000 });
      expect(requestsAbout(ai.fake, 'Lead with the calm\nKeep it short').length).toBeGreaterThan(0);
      await toast(page, 'Thread created').getByRole('button', { name: /Open/ }).click();
      const editor = page.getByTestId('editor');
      await expect(editor).toContainText(POSTS[2]!);
      const texts = await editor.locator(':scope > p').allTextContents();
      expect(texts.length).toBe(POSTS.length);
      texts.forEach((text, i) => {
        expect(text.startsWith(`${i + 1}/${POSTS.length}`)).toBe(true);
        expect([...text].length).toBeLessThanOrEqual(280);
      });
      const counts = page.getByTestId('thread-counts').getByRole('listitem');
      await expect(counts).toHaveCount(POSTS.length);
      await expect(counts.first()).toHaveText(`Post 1: ${[...texts[0]!].length}/280`);
      // Each post is drawn as its own card.
      const border = await editor
        .locator(':scope > p')
        .first()
        .evaluate((p) => getComputedStyle(p).borderTopStyle);
      expect(border).toBe('solid');
    } finally {
      remove();
    }
  });

  test('Emailify sends the instructions; a provider failure says so and removes the empty variant', async ({ page, ai }) => {
    const remove = ai.fake.answer(TASKS.emailify, EMAIL.join('\n\n'));
    try {
      await signUp(page, ai.server);
      const masterId = await openWorkspace(page, ai.server, ['News about the spring release.']);
      await panel(page).getByRole('button', { name: 'Emailify', exact: true }).click();
      const box = page.getByRole('dialog', { name: 'Emailify' });
      await box.getByRole('textbox').fill('Address the beta testers');
      await box.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, 'Emailify created')).toBeVisible({ timeout: 20_000 });
      expect(requestsAbout(ai.fake, 'Address the beta testers').length).toBeGreaterThan(0);
      await picker(page)
        .getByRole('link', { name: /^Emailify/ })
        .click();
      await expect(page.getByTestId('editor')).toContainText('Subject: A calmer way to write');

      // The provider fails: 'Failed to create emailify' and the failed empty variant goes.
      await page.goto(`${ai.server.url}/app/${masterId}`);
      const failing = ai.fake.answer(TASKS.emailify, { kind: 'status', status: 500 });
      await panel(page).getByRole('button', { name: 'Emailify', exact: true }).click();
      await page.getByRole('dialog', { name: 'Emailify' }).getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, /^Failed to create emailify/)).toBeVisible({ timeout: 30_000 });
      await expect(picker(page).getByRole('link')).toHaveCount(2);
      failing();
    } finally {
      remove();
    }
  });

  test("a stale variant's 'Update from master' shows the master's new text and keeps the old one in History", async ({ page, ai }) => {
    await signUp(page, ai.server);
    const masterId = await openWorkspace(page, ai.server, ['First master text.']);
    const made = await callApi<{ variantId: string }>(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' });
    const meta = await callApi<{ currentMasterRevision: number }>(page, 'GET', `/workspaces/metadata/${made.variantId}`);
    const saved = await apiAnswer(page, 'POST', '/files/content-only-update', {
      fileId: masterId,
      content: 'Second master text.',
      baseRevision: meta.currentMasterRevision,
      operationId: `ws-e2e-${Date.now()}`,
    });
    expect(saved.status).toBe(200);

    await page.goto(`${ai.server.url}/app/${made.variantId}`);
    await expect(page.getByTestId('editor')).toContainText('First master text.');
    await expect(page.getByText('The master has changed since this variant was made')).toBeVisible();
    await page.getByRole('button', { name: 'Update from master' }).click();
    await expect(page.getByTestId('editor')).toContainText('Second master text.');
    await expect(page.getByText('The master has changed since this variant was made')).toBeHidden();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Versions' }).getByRole('button').filter({ hasText: 'First master text.' }).first().click();
    await expect(page.getByTestId('version-preview')).toContainText('First master text.');
  });

  test('a variant opened while being written, in a reopened tab, shows its text when ready', async ({ page, ai }) => {
    const text = POSTS.join('\n\n');
    const chunks = [text.slice(0, 20), text.slice(20, 40), text.slice(40, 60), text.slice(60)];
    const remove = ai.fake.answer(TASKS.threadify, { kind: 'stream', chunks, intervalMs: 1_000 });
    try {
      await signUp(page, ai.server);
      await openWorkspace(page, ai.server, ['An article to turn into a thread.']);
      await panel(page).getByRole('button', { name: 'Threadify', exact: true }).click();
      await page.getByRole('dialog', { name: 'Threadify' }).getByRole('textbox').press('Enter');
      // Opened at once, while still being written, then the tab is reloaded.
      await picker(page)
        .getByRole('link', { name: /^Threadify/ })
        .click();
      await expect(page.getByText('Writing this variant…')).toBeVisible();
      await page.reload();
      await expect(toast(page, 'Thread created')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('editor')).toContainText(POSTS[2]!);
      await expect(page.getByTestId('thread-counts').getByRole('listitem')).toHaveCount(POSTS.length);
    } finally {
      remove();
    }
  });

  test('a variant the budget has no room for says so, as the assistant does, and adds nothing', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openWorkspace(page, ai.server, ['A piece over budget.']);
    await page.route('**/api/workspaces/*/variants', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 402, json: { error: { code: 'budget_exceeded', message: 'No room left in the plan.' } } })
        : route.continue(),
    );
    await panel(page).getByRole('button', { name: 'Vary', exact: true }).click();
    await page.getByRole('dialog', { name: 'Vary' }).getByRole('button', { name: 'Confirm' }).click();
    // The same words as the assistant's (docs/BILLING.md#refusals), with its Upgrade in the toast.
    const refused = toast(page, 'Your credit is used up. Budget limit exceeded. Please upgrade your plan to continue.');
    await expect(refused).toBeVisible();
    await expect(picker(page).getByRole('link')).toHaveCount(1);
    await refused.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('the workspace downloads as one zip of .md or .docx', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openWorkspace(page, ai.server, ['Zip me.']);
    await panel(page).getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(toast(page, 'Duplicate created')).toBeVisible();
    for (const format of ['md', 'docx']) {
      const downloading = page.waitForEvent('download');
      await panel(page)
        .getByRole('button', { name: `Download workspace (.zip of .${format})` })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/workspace\.zip$/);
      const bytes = await (await download.createReadStream()).toArray();
      // A zip starts with 'PK'.
      expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');
    }
  });

  test('a variant shows on return, without a reload, that its master changed, and the picker says so', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openWorkspace(page, ai.server, ['The harbour master wrote first.']);
    await panel(page).getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(toast(page, 'Duplicate created')).toBeVisible();
    // Marks this page: a reload would lose the mark.
    await page.evaluate(() => Object.assign(window, { breeNotReloaded: true }));
    const master = picker(page).getByRole('link').first();
    const variant = picker(page).getByRole('link', { name: /^Duplicate/ });

    await variant.click();
    await expect(variant).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(STALE)).toBeHidden();
    await master.click();
    await typeAndSave(page, 'The harbour master wrote first.', ' A second line.');
    await variant.click();
    await expect(page.getByText(STALE)).toBeVisible();
    await expect(variant).toContainText('master changed');

    // The path: updated from the master, then the master changes again.
    await page.getByRole('button', { name: 'Update from master' }).click();
    await expect(page.getByTestId('editor')).toContainText('A second line.');
    await expect(page.getByText(STALE)).toBeHidden();
    await master.click();
    await typeAndSave(page, 'A second line.', ' A third.');
    await expect(picker(page).getByRole('link', { name: /^Duplicate/ })).toContainText('master changed');
    await variant.click();
    await expect(variant).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(STALE)).toBeVisible();
    expect(await page.evaluate(() => (window as { breeNotReloaded?: boolean }).breeNotReloaded)).toBe(true);
  });

  test('a variant open in one tab shows at once that its master changed in another', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const { masterId, variantId } = await workspaceOverApi(page, 'Two tabs, one master.');
    await page.goto(`${ai.server.url}/app/${variantId}`);
    await expect(page.getByTestId('editor')).toContainText('Two tabs, one master.');
    await expect(page.getByText(STALE)).toBeHidden();

    const other = await page.context().newPage();
    try {
      await other.goto(`${ai.server.url}/app/${masterId}`);
      await typeAndSave(other, 'Two tabs, one master.', ' Changed elsewhere.');
      // Nothing is done in the variant's tab.
      await expect(page.getByText(STALE)).toBeVisible();
      await expect(picker(page).getByRole('link', { name: /^Duplicate/ })).toContainText('master changed');
    } finally {
      await other.close();
    }
  });

  test('switching from a master to its variant and back logs no error', async ({ page, ai }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A phone's slower processor: React then splits the switch's render over several tasks, the
    // moment the error came in (the editor made in that render was gone before it was shown).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await signUp(page, ai.server);
    const { masterId } = await workspaceOverApi(page, 'A master to switch from.');
    await page.goto(`${ai.server.url}/app/${masterId}`);
    await expect(page.getByTestId('editor')).toContainText('A master to switch from.');
    const variant = picker(page).getByRole('link', { name: /^Duplicate/ });
    await variant.click();
    await expect(variant).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('editor')).toContainText('A master to switch from.');
    await picker(page).getByRole('link').first().click();
    await expect(picker(page).getByRole('link').first()).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('editor')).toContainText('A master to switch from.');
    expect(errors).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("the Document actions sheet renames, converts, duplicates and lists the workspace's files", async ({ page, ai }) => {
      await signUp(page, ai.server);
      await openDoc(page, ai.server, ['Written on a phone.']);
      await page.getByRole('button', { name: 'Open Document Actions' }).tap();
      const sheet = page.getByRole('dialog', { name: 'Document actions' });
      await expect(sheet.getByTestId('sheet-save-status')).not.toBeEmpty();
      await expect(sheet.getByTestId('stat-words')).toHaveText('4');
      await expect(sheet.getByRole('button', { name: 'Copy as HTML' })).toBeVisible();

      await sheet.getByTestId('document-title').tap();
      const name = sheet.getByRole('textbox', { name: 'Document name' });
      await name.fill('Phone piece');
      await name.press('Enter');
      await expect(toast(page, 'File renamed successfully')).toBeVisible();

      await expect(sheet.getByRole('button', { name: 'Book Workspace' })).toBeDisabled();
      await sheet.getByRole('button', { name: 'Standard Workspace' }).tap();
      await expect(toast(page, 'Workspace ready')).toBeVisible();
      await sheet.getByRole('button', { name: 'Duplicate', exact: true }).tap();
      await expect(toast(page, 'Duplicate created')).toBeVisible();
      const files = sheet.getByRole('list', { name: 'Workspace files' });
      await expect(files.getByRole('link')).toHaveCount(2);
      await expect(files.getByRole('link').first()).toContainText('Phone piece');
      await expect(sheet.getByRole('group', { name: 'Create a variant' }).getByRole('button')).toHaveCount(8);
    });
  });
});
