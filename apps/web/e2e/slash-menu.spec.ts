import type { Page } from '@playwright/test';
import { test, expect, caretAtEnd, openDoc, requestsAbout, signUp, suggestionCard } from './fixtures/assistant';

/**
 * The '/' menu (docs/PRODUCT.md#editor, "The '/' menu"): typed on an empty line or after a space
 * it offers the blocks and the assistant's actions, filtered as one types, by keyboard; on a phone
 * the 'Insert block or ask AI' button opens it at the caret.
 */

const FILLED = 'The ferry keeps the town together.';
const FILL_PARAGRAPH = /Task: Write exactly one paragraph/;

const menu = (page: Page) => page.getByTestId('slash-menu');
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Insert block or ask AI' });

/** The option the text's aria-activedescendant names (the caret stays in the text). */
async function activeOption(page: Page): Promise<string | null> {
  const id = await page.getByTestId('editor').getAttribute('aria-activedescendant');
  return id
    ? page
        .locator(`[id="${id}"]`)
        .getAttribute('aria-labelledby')
        .then((name) => page.locator(`[id="${name}"]`).textContent())
    : null;
}

test('by keyboard: a heading, a list by arrows, Escape keeps the text, no menu inside a word, an assistant action', async ({ page, ai }) => {
  const remove = ai.fake.answer(FILL_PARAGRAPH, FILLED);
  await signUp(page, ai.server);
  const intro = `Slash intro ${Date.now()}.`;
  await openDoc(page, ai.server, [intro]);
  const editor = page.getByTestId('editor');
  await caretAtEnd(page, intro);

  // '/' on an empty line, then 'head': the headings only, the first active; Enter makes it a heading.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await expect(listbox(page)).toBeVisible();
  // Blocks, Assistant and Review ('Check my draft').
  await expect(listbox(page).getByRole('group')).toHaveCount(3);
  await page.keyboard.type('head');
  await expect(listbox(page).getByRole('option')).toHaveCount(3);
  await expect.poll(() => activeOption(page)).toBe('Heading 1');
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeHidden();
  await page.keyboard.type('Tides');
  await expect(editor.locator('h1')).toHaveText('Tides');
  await expect(editor).not.toContainText('/head');

  // Arrow keys move (and wrap) through 'list': Numbered list by ArrowDown, round and back.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/list');
  await expect(listbox(page).getByRole('option')).toHaveText([/^Bulleted list/, /^Numbered list/]);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(page)).toBe('Numbered list');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(page)).toBe('Bulleted list');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeOption(page)).toBe('Numbered list');
  await expect(listbox(page).getByRole('option', { name: 'Numbered list' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ropes');
  await expect(editor.locator('ol li')).toHaveText('Ropes');

  // Nothing matches: 'No matches', and Escape closes the menu leaving what was typed ('/xyz') as text.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/xy');
  await expect(menu(page)).toContainText('No matches');
  await expect(listbox(page).getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await page.keyboard.type('z and/or http://x');
  await expect(menu(page)).toBeHidden();
  await expect(editor.locator('p').last()).toHaveText('/xyz and/or http://x');

  // An assistant action from the menu starts a suggestion at the caret.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/fill');
  await expect(listbox(page).getByRole('option')).toHaveText([/^Fill Paragraph/, /^Fill Sentence/]);
  await page.keyboard.press('Tab');
  await expect(suggestionCard(page)).toBeVisible();
  await expect(editor.getByTestId('ai-preview')).toHaveText(FILLED);
  expect(requestsAbout(ai.fake, intro).at(-1)!.text).toMatch(FILL_PARAGRAPH);
  await expect(editor).not.toContainText('/fill');
  // With the suggestion open (its card has the focus), back in the text the menu's Escape closes the
  // menu alone: the suggestion stays.
  await editor.locator('ol li').click();
  await expect(editor).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.anchorNode?.textContent)).toBe('Ropes');
  await page.keyboard.press('End');
  await page.keyboard.type(' /hea');
  await expect(listbox(page).getByRole('option').first()).toHaveText(/^Heading 1/);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(suggestionCard(page)).toBeVisible();
  remove();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("'Insert block or ask AI' opens the menu at the caret; a tap picks; typing '/' works too", async ({ page, ai }) => {
    await signUp(page, ai.server);
    const line = `Gulls over the pier ${Date.now()}.`;
    await openDoc(page, ai.server, [line]);
    const editor = page.getByTestId('editor');
    await caretAtEnd(page, line);

    const bar = page.getByRole('toolbar', { name: 'Formatting' });
    await bar.getByRole('button', { name: 'More', exact: true }).tap();
    await page.getByRole('dialog', { name: 'More tools' }).getByRole('button', { name: 'Insert block or ask AI' }).tap();
    await expect(listbox(page)).toBeVisible();
    // The whole menu is on screen, above the formatting bar.
    const box = (await menu(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    await listbox(page).getByRole('option', { name: 'Heading 2' }).tap();
    await expect(menu(page)).toBeHidden();
    await expect(editor.locator('h2')).toHaveText(line);

    // The on-screen keyboard types a slash like any other key.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/bul');
    await expect(listbox(page).getByRole('option')).toHaveCount(1);
    await listbox(page).getByRole('option', { name: 'Bulleted list' }).tap();
    await page.keyboard.type('Nets');
    await expect(editor.locator('ul li')).toHaveText('Nets');
  });
});
