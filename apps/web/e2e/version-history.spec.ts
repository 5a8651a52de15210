import type { Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { expectAccessible } from './fixtures/axe';

// Versions you can read, compare, name and restore (docs/PRODUCT.md#versions).

const text = (value: string, bold = false) => ({ type: 'text', text: value, ...(bold ? { marks: [{ type: 'bold' }] } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });

/** The harbour notes: a heading, a paragraph with a bold word and a list; `when` is the ferry's hour. */
function notes(when: string) {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [text('Harbour notes')] },
      para(text('The '), text('ferry', true), text(` left at ${when}.`)),
      { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('Tickets at the kiosk'))] }] },
    ],
  };
}

/** A document whose first text is kept as a version ('Saved by you'), then saved again with the ferry at `now`. */
async function documentWithHistory(page: Page, now = 'noon'): Promise<string> {
  const created = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Harbour.txt', content: notes('dawn') });
  const fileId = created.file.id;
  await callApi(page, 'POST', '/versions/create', { fileId, reason: 'manual' });
  await callApi(page, 'POST', '/files/content-only-update', { fileId, content: notes(now), baseRevision: 1, operationId: `history-${Date.now()}` });
  return fileId;
}

const versionList = (page: Page) => page.getByRole('list', { name: 'Versions' });

async function openHistory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('editor')).toContainText('Harbour notes');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(versionList(page)).toBeVisible();
}

test.describe('version history', () => {
  test('a chosen version reads formatted beside the list, and compares with the current text word by word', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('history-read'));
    const fileId = await documentWithHistory(page);
    await openHistory(page, `${bree.url}/app/${fileId}`);
    // Unsaved words count too: the comparison is with the editor's text.
    await page.getByTestId('editor').locator('li p').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and the pier');

    const saved = versionList(page).getByRole('button', { name: /Saved by you/ });
    await saved.click();
    const pane = page.getByTestId('version-pane');
    await expect(pane.getByRole('heading', { level: 2 })).toBeFocused();
    const preview = pane.getByTestId('version-preview');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Harbour notes');
    await expect(preview.locator('strong')).toHaveText('ferry');
    await expect(preview.getByRole('listitem')).toHaveText(['Tickets at the kiosk']);
    await expect(preview).toContainText('left at dawn.');
    // Beside the list, over the writing area, not under the last card.
    const paneBox = (await pane.boundingBox())!;
    const listBox = (await versionList(page).boundingBox())!;
    expect(paneBox.x + paneBox.width).toBeLessThanOrEqual(listBox.x);
    expect(paneBox.width).toBeGreaterThan(400);

    await pane.getByRole('button', { name: 'Compare with current' }).click();
    await expect(pane.getByTestId('version-diff-count')).toHaveText('2 changes');
    await expect(pane.locator('del')).toHaveText(['removed: dawn']);
    await expect(pane.locator('ins')).toHaveText(['added: noon', 'added: and the pier']);

    await page.keyboard.press('Escape');
    await expect(pane).toBeHidden();
    await expect(saved).toBeFocused();
  });

  test('two versions compare, a named version survives a reload, and Restore asks first and keeps the current text', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('history-name'));
    const fileId = await documentWithHistory(page, 'noon');
    await openHistory(page, `${bree.url}/app/${fileId}`);

    await page.getByRole('button', { name: 'Name this version' }).click();
    const naming = page.getByRole('dialog', { name: 'Name this version' });
    await naming.getByLabel('Name').fill('  Sent to the editor  ');
    await naming.getByRole('button', { name: 'Save name' }).click();
    await expect(naming).toBeHidden();
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    const named = versionList(page).getByRole('button', { name: /Sent to the editor/ });
    await expect(named.getByTestId('version-name')).toHaveText('Sent to the editor');

    // The first version against the named one: older to newer.
    await versionList(page)
      .getByRole('button', { name: /Saved by you/ })
      .click();
    const pane = page.getByTestId('version-pane');
    await pane.getByLabel('Compare with…').selectOption({ label: await optionLabel(page, 'Sent to the editor') });
    await expect(pane.getByText('Changes from this version to Sent to the editor')).toBeVisible();
    await expect(pane.getByTestId('version-diff-count')).toHaveText('1 change');
    await expect(pane.locator('del')).toHaveText(['removed: dawn']);
    await expect(pane.locator('ins')).toHaveText(['added: noon']);

    await pane.getByRole('button', { name: 'Restore', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await expect(confirm).toContainText('Your current text is kept as a version, so you can come back to it.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(pane.getByRole('button', { name: 'Restore', exact: true })).toBeFocused();
    await expect(page.getByTestId('editor')).toContainText('left at noon.');

    await pane.getByRole('button', { name: 'Restore', exact: true }).click();
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByText('Version restored successfully')).toBeVisible();
    await expect(page.getByTestId('editor')).toContainText('left at dawn.');
    await expect(pane).toBeHidden();
    // The text that was current is in the list, as it was.
    await versionList(page)
      .getByRole('button', { name: /Before a restore/ })
      .click();
    await expect(pane.getByTestId('version-preview')).toContainText('left at noon.');
  });
});

/** The 'Compare with…' option of the version named `name`. */
async function optionLabel(page: Page, name: string): Promise<string> {
  const option = page.getByTestId('version-pane').getByLabel('Compare with…').locator('option', { hasText: name });
  return (await option.textContent()) ?? '';
}

test.describe('version history on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a version opens as a full-screen sheet over the panel and closes back to its button', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('history-phone'));
    const fileId = await documentWithHistory(page);
    await page.goto(`${bree.url}/app/${fileId}`);
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open Document Actions' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document actions' });
    await sheet.getByRole('tab', { name: 'History' }).tap();
    const saved = sheet.getByRole('button', { name: /Saved by you/ });
    await saved.tap();

    const version = page.getByRole('dialog').filter({ hasText: 'Compare with current' });
    await expect(version.getByTestId('version-preview').getByRole('heading', { level: 1 })).toHaveText('Harbour notes');
    const box = (await version.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    expect(box.height).toBeGreaterThan(700);
    await version.getByRole('button', { name: 'Compare with current' }).tap();
    await expect(version.getByTestId('version-diff-count')).toHaveText('1 change');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'a version compared with the current text, on a phone');

    await page.keyboard.press('Escape');
    await expect(version).toBeHidden();
    await expect(sheet).toBeVisible();
    await expect(saved).toBeFocused();
  });
});
