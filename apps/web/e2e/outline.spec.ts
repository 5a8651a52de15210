import type { Locator, Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { expectAccessible } from './fixtures/axe';

/**
 * The outline (docs/PRODUCT.md#editor, "Outline"): the Document panel (the phone's document sheet)
 * lists the H1–H3 headings by level; choosing one scrolls the text to it with the caret at its start;
 * the current section follows the scrolling; a heading typed in appears in it.
 */

const SENTENCE = 'The tide came in slowly over the flats while the gulls argued about the last of the light. ';
const text = (t: string) => ({ type: 'text', text: t });
/** Sections taller than the window, so only one heading is near the top at a time. */
const section = (level: number, title: string) => [
  { type: 'heading', attrs: { level }, content: [text(title)] },
  ...Array.from({ length: 5 }, () => ({ type: 'paragraph', content: [text(SENTENCE.repeat(6).trim())] })),
];
const HEADINGS: [number, string][] = [
  [1, 'Harbour notes'],
  [2, 'Morning'],
  [2, 'The market'],
  [3, 'Fish stalls'],
  [2, 'Evening'],
];
const DOC = { type: 'doc', content: HEADINGS.flatMap(([level, title]) => section(level, title)) };

async function openDoc(page: Page, url: string, content: unknown): Promise<void> {
  const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Harbour.txt', content });
  await page.goto(`${url}/app/${file.id}`);
  await expect(page.getByTestId('editor')).toBeVisible();
}

/** The caret's block text and offset in it. */
function caret(page: Page): Promise<{ block: string; offset: number; empty: boolean }> {
  return page.getByTestId('editor').evaluate((dom) => {
    const { selection } = (
      dom as unknown as { editor: { state: { selection: { empty: boolean; $from: { parent: { textContent: string }; parentOffset: number } } } } }
    ).editor.state;
    return { block: selection.$from.parent.textContent, offset: selection.$from.parentOffset, empty: selection.empty };
  });
}

const entry = (outline: Locator, name: string) => outline.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) => page.getByTestId('editor').getByRole('heading', { name, exact: true });

test('the outline lists the headings by level, goes to one, follows the scrolling and takes a new heading', async ({ page, auth, bree }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await auth.signUpOverHttp(newAccount('outline'));
  await openDoc(page, bree.url, DOC);
  const outline = page.getByRole('complementary', { name: 'Document panel' }).getByRole('navigation', { name: 'Outline' });
  await expect(outline.getByRole('listitem')).toHaveText(HEADINGS.map(([, title]) => title));
  // Indented by level: each deeper level further in.
  const indent = (name: string) => entry(outline, name).evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
  const [h1, h2, h3] = [await indent('Harbour notes'), await indent('Morning'), await indent('Fish stalls')];
  expect(h2).toBeGreaterThan(h1);
  expect(h3).toBeGreaterThan(h2);
  expect(await indent('The market')).toBe(h2);

  // The third heading: the text scrolls to it, the caret at its start, and it is the current section.
  await expect(heading(page, 'The market')).not.toBeInViewport();
  await entry(outline, 'The market').click();
  await expect(heading(page, 'The market')).toBeInViewport();
  expect(await caret(page)).toEqual({ block: 'The market', offset: 0, empty: true });
  await expect(page.getByTestId('editor')).toBeFocused();
  await expect(entry(outline, 'The market')).toHaveAttribute('aria-current', 'location');
  await expect(outline.locator('[aria-current]')).toHaveCount(1);

  // Scrolling the text back up moves the highlight to the section now at the top.
  await heading(page, 'Morning').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(entry(outline, 'Morning')).toHaveAttribute('aria-current', 'location');
  await expect(entry(outline, 'The market')).not.toHaveAttribute('aria-current');

  // A heading typed at the end (the '## ' shortcut) joins the outline, in place and at its level.
  await page.getByTestId('editor').evaluate((dom) => (dom as unknown as { editor: { commands: { focus(at: 'end'): void } } }).editor.commands.focus('end'));
  await page.keyboard.press('Enter');
  await page.keyboard.type('## Night');
  await expect(outline.getByRole('listitem')).toHaveText([...HEADINGS.map(([, title]) => title), 'Night']);
  expect(await indent('Night')).toBe(h2);
  await expect(entry(outline, 'Night')).toHaveAttribute('aria-current', 'location');
});

test('at 375 px the document sheet holds the outline: by keyboard, Enter closes the sheet and goes to the heading', async ({ page, auth, bree }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await auth.signUpOverHttp(newAccount('outline-phone'));
  // A document without headings says how to add one.
  await openDoc(page, bree.url, { type: 'doc', content: [{ type: 'paragraph', content: [text('Only words.')] }] });
  const openSheet = page.getByTestId('mobile-header').getByRole('button', { name: 'Open Document Actions' });
  const sheet = page.getByRole('dialog', { name: 'Document actions' });
  await openSheet.click();
  await expect(sheet.getByRole('navigation', { name: 'Outline' })).toContainText("No headings yet — add one with the toolbar's text style or the '/' menu.");
  await page.keyboard.press('Escape');

  await openDoc(page, bree.url, DOC);
  await openSheet.click();
  const outline = sheet.getByRole('navigation', { name: 'Outline' });
  await expect(outline.getByRole('listitem')).toHaveText(HEADINGS.map(([, title]) => title));
  const box = await outline.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'the outline in the phone sheet');

  // Arrow keys move between the entries (one tab stop); Enter goes.
  await entry(outline, 'Harbour notes').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(entry(outline, 'The market')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(entry(outline, 'Morning')).toBeFocused();
  await page.keyboard.press('End');
  await expect(entry(outline, 'Evening')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(heading(page, 'Fish stalls')).toBeInViewport();
  expect(await caret(page)).toEqual({ block: 'Fish stalls', offset: 0, empty: true });
  await expect(page.getByTestId('editor')).toBeFocused();
});
