import type { Locator, Page } from '@playwright/test';
import { test as base, expect, newAccount, AuthPages, editorSelection, openDoc, signUp, suggestionCard } from './fixtures/assistant';
import { axeOn } from './fixtures/axe';
import { startBree, removeDataDir, type BreeServer } from './fixtures/server';

/**
 * The Checks panel (docs/CHECKS.md "The Checks panel"): 'Check my draft' lists the local and voice
 * findings, each drawn in the text; a finding shows its words, goes as they are fixed, can be
 * ignored (this document) or its rule switched off (the author), and rewritten in the author's voice.
 */

const CLICHE = 'At the end of the day the harbour was quiet and the boats rested.';
const LONG =
  'The ferry that had crossed the bay every morning for forty years left late that day because the captain, who had slept badly after the storm, walked down to the pier slowly and stopped to talk with every fisherman he met on the way.';
const PASSIVE = 'The letter was written by the mayor before the vote.';
const HEDGE = 'Perhaps the town will remember her.';
const REWRITTEN = 'The harbour was quiet and the boats rested.';

/** `noAi`: a Bree with no AI provider (started only by the test that uses it). */
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

/** The Checks tab of the side panel, or on a phone its sheet. */
const panel = (page: Page): Locator => page.getByRole('tabpanel', { name: 'Checks' }).or(page.getByRole('dialog', { name: 'Checks' }));
const finding = (page: Page, rule: string): Locator => panel(page).locator(`[data-testid="check-finding"][data-rule="${rule}"]`);

/** The editor's selected words. */
async function selectedText(page: Page): Promise<string> {
  const { from, to } = await editorSelection(page);
  return page
    .getByTestId('editor')
    .evaluate(
      (dom, r) => (dom as unknown as { editor: { state: { doc: { textBetween(a: number, b: number): string } } } }).editor.state.doc.textBetween(r.from, r.to),
      { from, to },
    );
}

test('Check my draft: findings listed and drawn in the text, shown, cleared by a fix, ignored for good, and rewritten in the author voice', async ({
  page,
  ai,
}) => {
  await signUp(page, ai.server);
  await openDoc(page, ai.server, [CLICHE, LONG, PASSIVE, HEDGE]);
  const editor = page.getByTestId('editor');
  await page.getByRole('button', { name: 'Check my draft' }).click();
  await expect(page.getByRole('tab', { name: 'Checks' })).toHaveAttribute('aria-selected', 'true');
  // The six tabs are whole in the side panel: none cut off or reachable only by scrolling the strip.
  expect(await page.getByRole('tablist', { name: 'Document panels' }).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(finding(page, 'cliche')).toContainText('At the end of the day');
  await expect(finding(page, 'long-sentence')).toBeVisible();
  await expect(finding(page, 'passive-voice')).toBeVisible();
  await expect(finding(page, 'hedge-word')).toBeVisible();
  await expect(panel(page).getByTestId('checks-summary')).toContainText(/Style \d+/);
  // Drawn in the text: underlined in the kind's style (not by colour alone) and labelled.
  const cliche = editor.locator('.bree-check-local', { hasText: 'At the end of the day' });
  await expect(cliche).toHaveAttribute('title', /^Style: Cliché/);
  expect(await cliche.evaluate((el) => getComputedStyle(el).textDecorationStyle)).toBe('wavy');
  const results = await axeOn(page).include('[role="tabpanel"]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // A finding shows its words: selected in the text.
  await finding(page, 'cliche')
    .getByRole('button', { name: /Cliché/ })
    .click();
  await expect.poll(() => selectedText(page)).toBe('At the end of the day');
  // 'Back to the list' returns focus to the finding; arrow keys move through the list.
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(finding(page, 'cliche').getByRole('button', { name: /Cliché/ })).toBeFocused();
  // From the text, the 'Check my draft' keys with the finding's words still selected come back to it too.
  await finding(page, 'cliche')
    .getByRole('button', { name: /Cliché/ })
    .click();
  await expect.poll(() => selectedText(page)).toBe('At the end of the day');
  await page.keyboard.press('Control+Alt+c');
  await expect(finding(page, 'cliche').getByRole('button', { name: /Cliché/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(finding(page, 'long-sentence').getByRole('button', { name: /Long sentence/ })).toBeFocused();
  // Fixing the words clears the finding as one types.
  await finding(page, 'cliche')
    .getByRole('button', { name: /Cliché/ })
    .click();
  await page.keyboard.type('In the end');
  await expect(finding(page, 'cliche')).toHaveCount(0);
  await expect(editor.locator('.bree-check', { hasText: 'In the end' })).toHaveCount(0);

  // Ignore (this document) and Ignore this rule (the author) are remembered after a reload.
  await finding(page, 'long-sentence').getByRole('button', { name: 'Ignore', exact: true }).click();
  await expect(finding(page, 'long-sentence')).toHaveCount(0);
  await finding(page, 'passive-voice').getByRole('button', { name: 'Ignore this rule' }).click();
  await expect(finding(page, 'passive-voice')).toHaveCount(0);
  await expect(editor.locator('.bree-check', { hasText: 'was written' })).toHaveCount(0);
  await page.reload();
  await expect(editor).toContainText(HEDGE);
  await page.getByRole('button', { name: 'Check my draft' }).click();
  await expect(finding(page, 'hedge-word')).toBeVisible();
  await expect(finding(page, 'long-sentence')).toHaveCount(0);
  await expect(finding(page, 'passive-voice')).toHaveCount(0);

  // 'Run AI checks': one call; the AI's finding (the fake's: the first sentence) listed with its explanation behind Details.
  await panel(page).getByRole('button', { name: 'Run AI checks' }).click();
  const aiFinding = finding(page, 'clarity');
  await expect(aiFinding).toContainText('This sentence could be clearer.');
  await expect(panel(page).getByTestId('checks-summary')).toContainText('AI 1');
  await aiFinding.getByRole('button', { name: 'Details' }).click();
  await expect(aiFinding).toContainText('say plainly who does what');
  await expect(editor.locator('.bree-check-ai')).not.toHaveCount(0);

  // 'Rewrite in my voice': the sentence rewritten as a reviewable suggestion; accepted, the finding goes.
  const remove = ai.fake.answer((r) => r.text.includes('Rewrite this sentence in my voice') && r.text.includes('Perhaps'), 'The town will remember her.');
  try {
    await finding(page, 'hedge-word').getByRole('button', { name: 'Rewrite in my voice' }).click();
    await suggestionCard(page).getByRole('button', { name: 'Accept' }).click();
    await expect(editor).toContainText('The town will remember her.');
    await expect(finding(page, 'hedge-word')).toHaveCount(0);
  } finally {
    remove();
  }
});

test.describe('on a phone, with no AI on the server', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('Check my draft from More lists the local checks in the sheet; the AI checks say AI is not set up', async ({ page, noAi }) => {
    await new AuthPages(page, noAi).signUpOverHttp(newAccount('checks'));
    await openDoc(page, noAi, [CLICHE, REWRITTEN]);
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'More', exact: true }).tap();
    await page.getByRole('dialog', { name: 'More tools' }).getByRole('button', { name: 'Check my draft' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Checks' });
    await expect(sheet).toBeVisible();
    await expect(finding(page, 'cliche')).toBeVisible();
    // No analysed voice yet: the voice group says how to get one.
    await expect(panel(page)).toContainText('Analyze your voice (Voice panel) to find sentences that read unlike you.');
    const aiButton = panel(page).getByRole('button', { name: 'Run AI checks' });
    await expect(aiButton).toHaveAttribute('aria-disabled', 'true');
    await expect(aiButton).toHaveAccessibleDescription('AI is not set up on this server');
    await expect(finding(page, 'cliche').getByRole('button', { name: 'Rewrite in my voice' })).toHaveAccessibleDescription('AI is not set up on this server');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // A finding closes the sheet and shows its words.
    await finding(page, 'cliche')
      .getByRole('button', { name: /Cliché/ })
      .tap();
    await expect(sheet).toBeHidden();
    await expect.poll(() => selectedText(page)).toBe('At the end of the day');
  });
});
