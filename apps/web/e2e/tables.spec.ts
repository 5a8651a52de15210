import type { Page } from '@playwright/test';
import { test, expect, caretAtEnd, editorSelection, openDoc, paragraphs, savedBlocks, selectText, signUp, suggestionCard } from './fixtures/assistant';
import { apiAnswer } from './fixtures/api';

/**
 * Tables (docs/PRODUCT.md#editor "Tables"): inserted by the toolbar and the '/' menu, written in by
 * keyboard with Tab, rows and columns added and removed from 'Table options', kept through a reload
 * and shown on the shared page; a rewrite across a paragraph and a table keeps the table; a phone.
 */

const cells = (page: Page, tag: 'th' | 'td', table = 0) => page.getByTestId('editor').locator('table').nth(table).locator(tag);
const rows = (page: Page, table = 0) => page.getByTestId('editor').locator('table').nth(table).locator('tr');

/** Picks 'Table options' → `item`, the caret being in a table. */
async function tableOption(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Table options' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Puts the caret in the cell holding `text` and waits until the editor itself has it there: the browser's
 * caret moves first, and a Tab pressed before the editor reads it moved on from the cell before (a row too many).
 */
async function caretInCell(page: Page, text: string): Promise<void> {
  await page.getByTestId('editor').locator('td, th', { hasText: text }).click();
  await expect.poll(async () => (await editorSelection(page)).block).toContain(text);
}

test('a table by the toolbar and by /, written in with Tab, rows and columns added and removed, kept on reload and shown when shared', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const fileId = await openDoc(page, ai.server, ['Table by toolbar', 'Table by slash']);
  const editor = page.getByTestId('editor');
  const bar = page.getByRole('toolbar', { name: 'Formatting' });

  await caretAtEnd(page, 'Table by toolbar');
  await page.keyboard.press('Enter');
  await bar.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(editor.locator('table')).toHaveCount(1);
  await expect(cells(page, 'th')).toHaveCount(3);
  await expect(cells(page, 'td')).toHaveCount(6);
  // Inside a table no table goes in: the button waits, the table's own menu is there.
  await expect(bar.getByRole('button', { name: 'Table', exact: true })).toBeDisabled();

  // Written by keyboard: Tab moves on a cell, Shift+Tab back, Tab in the last cell adds a row.
  for (const word of ['Name', 'Words', 'Notes', 'Intro', '120']) {
    await page.keyboard.type(word);
    await page.keyboard.press('Tab');
  }
  // Shift+Tab selects the cell's text, as Tab does: End keeps it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.type(' words');
  await expect(cells(page, 'td').nth(1)).toHaveText('120 words');
  await caretInCell(page, 'Intro');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  await expect(rows(page)).toHaveCount(3);
  await page.keyboard.press('Tab');
  await expect(rows(page)).toHaveCount(4);
  await page.keyboard.type('Added by Tab');

  // The caret is in the row Tab added: that row goes.
  await tableOption(page, 'Delete row');
  await expect(rows(page)).toHaveCount(3);
  await caretInCell(page, 'Notes');
  await tableOption(page, 'Add column right');
  await expect(cells(page, 'th')).toHaveCount(4);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Extra');
  await expect(cells(page, 'th').nth(3)).toHaveText('Extra');
  await tableOption(page, 'Delete column');
  await expect(cells(page, 'th')).toHaveText(['Name', 'Words', 'Notes']);
  await caretInCell(page, 'Intro');
  await tableOption(page, 'Add row above');
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).nth(1)).toHaveText('');
  // Shift+Tab from the row's first cell: the last cell of the new row above.
  await page.keyboard.press('Shift+Tab');
  await tableOption(page, 'Delete row');
  await expect(rows(page)).toHaveCount(3);
  await expect(cells(page, 'td').first()).toHaveText('Intro');

  await caretAtEnd(page, 'Table by slash');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/table');
  await expect(page.getByRole('listbox', { name: 'Insert block or ask AI' }).getByRole('option').first()).toContainText('Table');
  await page.keyboard.press('Enter');
  await expect(editor.locator('table')).toHaveCount(2);
  await tableOption(page, 'Delete table');
  await expect(editor.locator('table')).toHaveCount(1);

  await expect.poll(async () => (await savedBlocks(page, fileId)).map((b) => b.type).filter((type) => type !== 'paragraph')).toEqual(['table']);
  await expect.poll(async () => JSON.stringify(await savedBlocks(page, fileId))).toContain('120 words');
  await page.reload();
  await expect(cells(page, 'th')).toHaveText(['Name', 'Words', 'Notes']);
  await expect(cells(page, 'td').nth(1)).toHaveText('120 words');

  const share = await apiAnswer<{ shareUrl: string }>(page, 'POST', '/shares/create', { fileId });
  expect(share.status).toBe(200);
  await page.goto(share.body.shareUrl);
  const shared = page.locator('.bree-prose .bree-table table');
  await expect(shared.locator('th')).toHaveText(['Name', 'Words', 'Notes']);
  await expect(shared.locator('td').nth(1)).toHaveText('120 words');
});

test('a rewrite of a selection across a paragraph and a table rewrites the cells’ text and keeps the table', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Table rewrite ${Date.now()}.`;
  const cell = (type: string, text: string) => ({ type, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const content = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: intro }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'The rough opening.' }] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Rough head'), cell('tableHeader', 'Other head')] },
          { type: 'tableRow', content: [cell('tableCell', 'Rough cell'), cell('tableCell', 'Last cell')] },
        ],
      },
    ],
  };
  const created = await apiAnswer<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `Table rewrite ${Date.now()}`, content });
  expect(created.status).toBe(200);
  await page.goto(`${ai.server.url}/app/${created.body.file.id}`);
  const editor = page.getByTestId('editor');
  await expect(editor.locator('table')).toHaveCount(1);
  const remove = ai.fake.answer((r) => r.text.includes(intro), 'The opening.\n\nHead\n\nOther\n\nCell\n\nLast');

  await selectText(page, 'The rough opening.', 'Last cell');
  await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
  const card = suggestionCard(page);
  await card.getByRole('button', { name: 'Accept all', exact: true }).click();
  await expect(card).toBeHidden();
  remove();
  await expect(editor.locator('table')).toHaveCount(1);
  await expect(editor.locator('th')).toHaveText(['Head', 'Other']);
  await expect(editor.locator('td')).toHaveText(['Cell', 'Last']);
  await expect.poll(() => paragraphs(page)).toEqual([intro, 'The opening.', 'HeadOtherCellLast']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a wide table scrolls inside its own box, never the page, and its menu adds a row', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server, ['Phone table']);
    const editor = page.getByTestId('editor');
    await caretAtEnd(page, 'Phone table');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/table');
    await expect(page.getByRole('listbox', { name: 'Insert block or ask AI' }).getByRole('option').first()).toContainText('Table');
    await page.keyboard.press('Enter');
    await expect(editor.locator('table')).toHaveCount(1);
    for (const word of ['Quarterly', 'Projected', 'Remaining']) {
      await page.keyboard.type(`${word}RevenueFigures`);
      await page.keyboard.press('Tab');
    }
    const wrapper = editor.locator('.tableWrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Table options' }).tap();
    await page.getByRole('menuitem', { name: 'Add row below' }).tap();
    await expect(rows(page)).toHaveCount(4);
  });
});
