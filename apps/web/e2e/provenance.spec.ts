import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { callApi } from './fixtures/api';
import {
  answerVersions,
  DRAFT as ORIGINAL,
  DRAFT_VERSIONS as VERSIONS,
  test,
  expect,
  openDoc,
  paragraphs,
  selectParagraph,
  selectText,
  signUp,
  suggestionCard,
} from './fixtures/assistant';

/** The measured authenticity of a text: the AI's share, its highlight, exports, variants, history and the shared page. */

const AI_MARK = { type: 'aiProvenance', attrs: { operationId: 'op_e2e_1', action: 'enhance', tier: 'fast', at: '2026-01-02T03:04:05.000Z' } };
const MINE = 'I wrote this opening line myself.';
const FROM_AI = 'This sentence came from the assistant.';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Document panel' });
const authorshipLine = (page: Page) => panel(page).getByTestId('authorship-line');
const toast = (page: Page, text: string | RegExp) => page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();

/** The AI's share the panel's line shows, as a number. */
async function aiShare(line: Locator): Promise<number> {
  const match = /AI-assisted: (\d+) %$/.exec((await line.textContent()) ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

/** Creates a document of one paragraph of the writer's and one the AI wrote, and opens it. */
async function openMarkedDoc(page: Page, url: string, name: string): Promise<string> {
  const content = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: MINE }] },
      { type: 'paragraph', content: [{ type: 'text', text: FROM_AI, marks: [AI_MARK] }] },
    ],
  };
  const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name} ${Date.now()}.txt`, content });
  await page.goto(`${url}/app/${file.id}`);
  await expect(page.getByTestId('editor')).toContainText(FROM_AI);
  return file.id;
}

test("an accepted rewrite (after 'Try another' twice) shows the AI's share", async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Provenance intro ${Date.now()}.`;
  const remove = answerVersions(ai, intro);
  try {
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    await expect(authorshipLine(page)).toHaveText('Written by you: 100 % · AI-assisted: 0 %');
    await expect(panel(page).getByTestId('suggested-tag')).toContainText('Suggested tag: Human');

    // Enhance, then 'Try another' until the last version, and accept the one shown.
    await selectParagraph(page, ORIGINAL);
    await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
    const card = suggestionCard(page);
    const tryAnother = card.getByRole('button', { name: 'Try another' });
    await tryAnother.click();
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 2');
    await tryAnother.click();
    await expect(card.getByTestId('ai-version')).toHaveText('3 of 3');
    await expect(tryAnother).toBeDisabled();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, VERSIONS[2]]);

    await expect.poll(() => aiShare(authorshipLine(page))).toBeGreaterThan(0);
    await expect(panel(page).getByTestId('suggested-tag')).toContainText('Suggested tag: AI-Assisted');
    await expect(page.getByTestId('editor').locator('.bree-ai-text')).toHaveText(VERSIONS[2]!);
  } finally {
    remove();
  }
});

test("retyping one of the AI's words lowers its share; the switch highlights the AI text and takes it away", async ({ page, ai }) => {
  await signUp(page, ai.server);
  await openMarkedDoc(page, ai.server.url, 'Retype');
  await expect(authorshipLine(page)).toHaveText(/^Written by you: \d+ % · AI-assisted: \d+ %$/);
  const before = await aiShare(authorshipLine(page));
  expect(before).toBeGreaterThan(0);

  await selectText(page, 'assistant');
  await page.keyboard.type('assistant');
  await expect.poll(() => aiShare(authorshipLine(page))).toBeLessThan(before);
  await expect.poll(() => page.getByTestId('editor').locator('.bree-ai-text').allTextContents()).toEqual(['This sentence came from the ', '.']);

  // A background and an underline, so the highlight does not rest on colour alone.
  const aiSpan = page.getByTestId('editor').locator('.bree-ai-text').first();
  const highlight = () => aiSpan.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, line: getComputedStyle(el).textDecorationLine }));
  const toggle = panel(page).getByRole('switch', { name: 'Show AI-written text' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await highlight()).toEqual({ background: 'rgba(0, 0, 0, 0)', line: 'none' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('editor')).toHaveClass(/bree-show-ai/);
  await expect.poll(highlight).toEqual({ background: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/), line: 'underline' });
  // Writing goes on with the highlight on: the writer's words stay plain.
  await page.getByTestId('editor').getByText(MINE).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' More of mine.');
  await expect.poll(() => page.getByTestId('editor').locator('.bree-ai-text').allTextContents()).toEqual(['This sentence came from the ', '.']);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(highlight).toEqual({ background: 'rgba(0, 0, 0, 0)', line: 'none' });
});

test('the suggested tag is used only when the author asks', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const fileId = await openMarkedDoc(page, ai.server.url, 'Tagging');
  const suggestion = panel(page).getByTestId('suggested-tag');
  await expect(suggestion).toContainText('Suggested tag: AI-Assisted');
  await expect
    .poll(
      async () =>
        (await callApi<{ file: { metadata: { authenticity?: string } } }>(page, 'POST', '/files/get', { fileId })).file.metadata.authenticity ?? 'Untagged',
    )
    .toBe('Untagged');
  await suggestion.getByRole('button', { name: 'Use this tag' }).click();
  await expect(toast(page, 'Tagged AI-Assisted')).toBeVisible();
  await expect(suggestion).toContainText('Tagged AI-Assisted');
  const { file } = await callApi<{ file: { metadata: { authenticity?: string } } }>(page, 'POST', '/files/get', { fileId });
  expect(file.metadata.authenticity).toBe('AI-Assisted');
});

test('Copy as HTML and downloads carry no AI marks unless the writer ticks Include AI authorship', async ({ page, ai, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ai.server.url });
  await signUp(page, ai.server);
  await openMarkedDoc(page, ai.server.url, 'Export');
  await panel(page).getByRole('button', { name: 'Copy as HTML' }).click();
  await expect(toast(page, 'Copied as HTML')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(FROM_AI);
  expect(copied).not.toContain('data-ai-');
  expect(copied).not.toContain('bree-ai-text');

  const htmlButton = panel(page).getByRole('button', { name: 'Download as web page (.html)' });

  const [plain] = await Promise.all([page.waitForEvent('download'), htmlButton.click()]);
  const plainHtml = await readFile((await plain.path())!, 'utf8');
  expect(plainHtml).toContain(FROM_AI);
  expect(plainHtml).not.toContain('data-ai-');
  expect(plainHtml).not.toContain('bree-ai-text');
  expect(plainHtml).not.toContain('Written by you:');

  await panel(page).getByRole('checkbox', { name: 'Include AI authorship' }).check();
  const [marked] = await Promise.all([page.waitForEvent('download'), htmlButton.click()]);
  const markedHtml = await readFile((await marked.path())!, 'utf8');
  expect(markedHtml).toContain('Written by you:');
  // A web page keeps the AI's words marked.
  expect(markedHtml).toContain('bree-ai-text');
});

test('History shows the AI share each version was kept with', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const fileId = await openMarkedDoc(page, ai.server.url, 'History');
  await expect(authorshipLine(page)).toHaveText(/^Written by you: \d+ % · AI-assisted: \d+ %$/);
  const share = await aiShare(authorshipLine(page));
  expect(share).toBeGreaterThan(0);
  await callApi(page, 'POST', '/versions/create', { fileId, reason: 'manual' });
  await panel(page).getByRole('tab', { name: 'History' }).click();
  await expect(panel(page).getByTestId('version-authorship').first()).toHaveText(`AI-assisted ${share} %`);
});

test('an AI variant opens as 100 % AI-assisted', async ({ page, ai }) => {
  const email = ['Subject: A calmer way to write', 'Hello reader, here is what changed.'];
  const remove = ai.fake.answer(/Task: Turn the document into an email/, email.join('\n\n'));
  try {
    await signUp(page, ai.server);
    await openDoc(page, ai.server, ['Notes on the spring release, all mine.']);
    await expect(authorshipLine(page)).toHaveText('Written by you: 100 % · AI-assisted: 0 %');
    await panel(page).getByRole('button', { name: 'Standard Workspace' }).click();
    await expect(toast(page, 'Workspace ready')).toBeVisible();
    await panel(page).getByRole('button', { name: 'Emailify', exact: true }).click();
    await page.getByRole('dialog', { name: 'Emailify' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Emailify created')).toBeVisible({ timeout: 20_000 });
    await panel(page)
      .getByRole('list', { name: 'Workspace files' })
      .getByRole('link', { name: /^Emailify/ })
      .click();
    await expect(page.getByTestId('editor')).toContainText(email[1]!);
    await expect(authorshipLine(page)).toHaveText('Written by you: 0 % · AI-assisted: 100 %');
    await expect(panel(page).getByTestId('suggested-tag')).toContainText('Suggested tag: AI');
  } finally {
    remove();
  }
});

test('the shared page shows the AI share once the writer chooses to show it', async ({ page, ai, browser }) => {
  await signUp(page, ai.server);
  const fileId = await openMarkedDoc(page, ai.server.url, 'Shared');
  const line = await authorshipLine(page).textContent();
  await panel(page).getByRole('tab', { name: 'Settings' }).click();
  await panel(page).getByRole('switch', { name: 'Document Sharing' }).click();
  const url = await panel(page).getByRole('textbox', { name: 'Share URL' }).inputValue();
  const choice = panel(page).getByRole('switch', { name: 'Show readers how much AI wrote' });
  await expect(choice).toHaveAttribute('aria-checked', 'false');
  // The switch says what readers will see.
  await expect(choice).toHaveAccessibleDescription(/Readers see a line such as “Written by you: \d+ % · AI-assisted: \d+ %” under the title/);

  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto(url);
    await expect(readerPage.getByText(FROM_AI)).toBeVisible();
    await expect(readerPage.getByText('Written by you:')).toHaveCount(0);

    await choice.click();
    await expect(choice).toHaveAttribute('aria-checked', 'true');
    // Kept in the document's metadata before the reader looks again.
    await expect
      .poll(
        async () => (await callApi<{ file: { metadata: { showAuthorship?: boolean } } }>(page, 'POST', '/files/get', { fileId })).file.metadata.showAuthorship,
      )
      .toBe(true);
    await readerPage.reload();
    await expect(readerPage.getByText(FROM_AI)).toBeVisible();
    await expect(readerPage.getByText(line!)).toBeVisible();
  } finally {
    await reader.close();
  }
});

test('a document saved by a newer Bree is not opened by an older page, which offers a reload', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const fileId = await openMarkedDoc(page, ai.server.url, 'Newer');
  // The answer a newer Bree would give: the same document under a later schema version.
  await page.route('**/api/files/get', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { file: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, file: { ...body.file, editorVersion: 99 } } });
  });
  await page.goto(`${ai.server.url}/app/${fileId}`);
  await expect(page.getByRole('heading', { name: 'Bree has been updated' })).toBeVisible();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await page.unroute('**/api/files/get');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('editor')).toContainText(FROM_AI);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the Document sheet shows the authorship, and the menu's downloads offer the AI authorship", async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openMarkedDoc(page, ai.server.url, 'Pocket');
    const header = page.getByTestId('mobile-header');
    await header.getByRole('button', { name: 'Open Document Actions' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document actions' });
    await expect(sheet.getByTestId('authorship-line')).toHaveText(/^Written by you: \d+ % · AI-assisted: \d+ %$/);
    const toggle = sheet.getByRole('switch', { name: 'Show AI-written text' });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const box = await toggle.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('editor')).toHaveClass(/bree-show-ai/);

    await header.getByRole('button', { name: 'Open menu' }).tap();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('checkbox', { name: 'Include AI authorship' })).not.toBeChecked();
    await menu.getByRole('checkbox', { name: 'Include AI authorship' }).tap();
    await expect(menu.getByRole('checkbox', { name: 'Include AI authorship' })).toBeChecked();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/download?')),
      page.waitForEvent('download'),
      menu.getByRole('button', { name: 'Download as text (.txt)' }).tap(),
    ]);
    expect(new URL(request.url()).searchParams.get('provenance')).toBe('include');
  });
});
