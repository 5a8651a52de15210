import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { callApi } from './fixtures/api';
import { test, expect, INTRO, ORIGINAL, openDoc, selectParagraph, signUp } from './fixtures/assistant';

/**
 * axe-core on the real pages, with the editor alone and with each panel, menu, sheet and dialog
 * open (the Submit Feedback dialog and the search palette among them), at desktop (1280 px) and phone (375 px) widths. Nothing moderate, serious or critical may
 * remain.
 * The assistant's menus and suggestion need a provider: the Bree here talks to the fake one.
 */

/** Creates a document through the API (the page's own session); answers its id. */
async function createDoc(page: Page, name: string, content: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content, ...extra });
  return answer.file.id;
}

/** The element that has focus is inside the editor's text. */
function editorHasFocus(page: Page): Promise<boolean> {
  return page.getByTestId('editor').evaluate((el) => el.contains(document.activeElement));
}

const suggestion = (page: Page) => page.getByTestId('ai-suggestion');

test.describe('accessibility (axe) at 1280 px', () => {
  test('the document list, its menus and its dialogs', async ({ page, ai }) => {
    test.slow(); // axe runs a dozen times
    await signUp(page, ai.server);
    await expect(page.getByRole('button', { name: /Start Writing/ })).toBeVisible();
    await expectAccessible(page, 'the empty list');

    await page.getByRole('button', { name: 'Import content', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Import content' })).toBeVisible();
    await expectAccessible(page, 'the import chooser');
    await page.getByRole('button', { name: /Upload Files/ }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Files' })).toBeVisible();
    await expectAccessible(page, 'the Upload Files dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Import content', exact: true }).click();
    await page.getByRole('button', { name: /Paste Content/ }).click();
    await expect(page.getByRole('dialog', { name: 'Add Content to Repository' })).toBeVisible();
    await expectAccessible(page, 'the Paste Content dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await createDoc(page, 'Field notes', 'Rain on the hills.', { metadata: { authenticity: 'Human' } });
    await createDoc(page, 'Letters home from the long summer by the sea', 'Dear all,', { isRepository: true, metadata: { isMaster: true } });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Field notes', exact: true })).toBeVisible();
    await expectAccessible(page, 'the list');

    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+k' : 'Control+k');
    const palette = page.getByRole('dialog', { name: 'Search documents' });
    await palette.getByRole('combobox', { name: 'Search in your documents' }).fill('rain');
    await expect(palette.getByRole('option').filter({ hasText: 'Field notes' })).toBeVisible();
    await expectAccessible(page, 'the search palette with results');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Submit Feedback' });
    await feedback.getByLabel('Your feedback').fill('Rain makes the list flicker');
    await feedback.locator('input[type="file"]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('flicker') }]);
    await feedback.locator('input[type="file"]').setInputFiles([{ name: 'a.zip', mimeType: 'application/zip', buffer: Buffer.from('zip') }]);
    await expect(feedback.getByRole('alert')).toHaveText('File type "application/zip" is not supported');
    await expectAccessible(page, 'the Submit Feedback dialog with a file and a message');
    await feedback.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'More actions for Field notes' }).click();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await expectAccessible(page, 'a row’s More actions menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Tag for Field notes/ }).click();
    await expect(page.getByRole('menuitem', { name: /AI-Assisted/ })).toBeVisible();
    await expectAccessible(page, 'a row’s tag menu');
    await page.keyboard.press('Escape');

    await page.getByRole('checkbox', { name: 'Select Field notes' }).check();
    await expect(page.getByText('1 file selected')).toBeVisible();
    await expectAccessible(page, 'the selection toolbar');
    await page.getByRole('checkbox', { name: 'Select Field notes' }).uncheck();

    await page.getByRole('button', { name: 'More actions for Field notes' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, 'the rename prompt');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'More actions for Field notes' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, 'the delete prompt');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectAccessible(page, 'the profile menu');
  });

  test('the editor alone and with each panel and menu open', async ({ page, ai }) => {
    test.slow(); // axe runs a dozen times
    await signUp(page, ai.server);
    const fileId = await openDoc(page, ai.server);
    await callApi(page, 'POST', '/versions/create', { fileId, reason: 'manual' });
    await expectAccessible(page, 'the editor');

    for (const tab of ['History', 'Repository', 'Voice', 'Settings', 'Document']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0); // loaded
      if (tab === 'History') {
        await page.getByRole('button', { name: /Saved by you/ }).click();
        await expect(page.getByTestId('version-preview')).toContainText(INTRO);
      }
      await expectAccessible(page, `the ${tab} panel`);
    }

    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Add Content' })).toBeVisible();
    await expectAccessible(page, 'the Assistant menu');
    await page.keyboard.press('Escape');

    await selectParagraph(page);
    const actions = page.getByRole('toolbar', { name: 'Assistant actions' });
    await expect(actions).toBeVisible();
    await expectAccessible(page, 'the selection menu');
    await actions.getByRole('button', { name: 'Modify' }).click();
    await expect(page.getByRole('textbox', { name: 'How should this text be rewritten?' })).toBeFocused();
    await expectAccessible(page, 'the Modify instruction');
    await page.keyboard.press('Escape');

    await selectParagraph(page);
    await actions.getByRole('button', { name: 'Enhance' }).click();
    await expect(suggestion(page).getByRole('tab', { name: 'Enhanced' })).toBeVisible();
    await expectAccessible(page, 'a suggestion');
    await suggestion(page).getByRole('button', { name: 'Try another' }).click();
    await expect(suggestion(page).getByTestId('ai-version')).toHaveText('2 of 2');
    await expectAccessible(page, 'a suggestion with two versions');
    await suggestion(page).getByRole('button', { name: 'Reject' }).click();
    await expect(suggestion(page)).toBeHidden();
    await expect(page.getByTestId('editor')).toContainText(ORIGINAL);
  });
});

test.describe('accessibility (axe) at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the list, the editor, the mobile menu and each mobile sheet', async ({ page, ai }) => {
    test.slow(); // axe runs a dozen times
    await signUp(page, ai.server);
    await createDoc(page, 'Pocket notes', 'On the bus.', { isRepository: true });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Pocket notes', exact: true })).toBeVisible();
    await expectAccessible(page, 'the list on a phone');
    await page.getByRole('button', { name: 'Open profile menu' }).tap();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectAccessible(page, 'the profile menu on a phone');
    await page.keyboard.press('Escape');

    await openDoc(page, ai.server);
    const header = page.getByTestId('mobile-header');
    await expectAccessible(page, 'the editor on a phone');

    await header.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page, 'the mobile menu');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: 'Open Document Actions' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document actions' });
    await expect(sheet).toBeVisible();
    for (const tab of ['Document', 'History', 'Repository', 'Voice', 'Settings']) {
      await sheet.getByRole('tab', { name: tab }).tap();
      await expect(sheet.getByRole('tabpanel').getByRole('status')).toHaveCount(0); // loaded
      await expectAccessible(page, `the Document actions sheet, ${tab} tab`);
    }
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: 'Open settings' }).tap();
    const settings = page.getByRole('dialog', { name: 'Document settings' });
    await expect(settings.getByRole('radio', { name: /Premium/ })).toBeEnabled();
    await expectAccessible(page, 'the Document settings sheet');
    await page.keyboard.press('Escape');

    await selectParagraph(page);
    const actions = page.getByRole('toolbar', { name: 'Assistant actions' });
    await expect(actions).toBeVisible();
    await expectAccessible(page, 'the selection sheet');
    await actions.getByRole('button', { name: 'Shrink' }).tap();
    await expect(suggestion(page).getByRole('tab', { name: 'Enhanced' })).toBeVisible();
    await expectAccessible(page, 'a suggestion on a phone');
    await suggestion(page).getByRole('button', { name: 'Try another' }).tap();
    await expect(suggestion(page).getByTestId('ai-version')).toHaveText('2 of 2');
    await expectAccessible(page, 'a suggestion with two versions on a phone');
    await suggestion(page).getByRole('button', { name: 'Reject' }).tap();
    await expect(suggestion(page)).toBeHidden();
  });
});

test.describe('keyboard', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ] as const) {
    test(`${label}: Tab reaches 'Skip to editor' first; Enter puts the caret in the text`, async ({ page, ai }) => {
      await page.setViewportSize(viewport);
      await signUp(page, ai.server);
      await openDoc(page, ai.server);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to editor' });
      await expect(skip).toBeFocused();
      // Shown while focused, inside the screen.
      await expect(skip).toBeInViewport({ ratio: 1 });
      expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
      await page.keyboard.press('Enter');
      await expect.poll(() => editorHasFocus(page)).toBe(true);
      await page.keyboard.type('Typed first. ');
      await expect(page.getByTestId('editor').locator('p').first()).toHaveText(`Typed first. ${INTRO}`);
      // Once focus moves on, the link is out of sight again.
      await expect(skip).not.toBeInViewport();
    });
  }

  test("the list's skip link reaches its main content, and a new document opens with the caret in the editor", async ({ page, ai }) => {
    await signUp(page, ai.server);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    const create = page.getByRole('button', { name: 'Create new document' });
    await expect(create).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/[^/]+$/);
    await expect.poll(() => editorHasFocus(page)).toBe(true);
    await page.keyboard.type('A new page');
    await expect(page.getByTestId('editor')).toHaveText('A new page');
  });
});
