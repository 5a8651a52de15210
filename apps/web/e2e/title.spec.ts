import type { Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): A taken name is refused with 409 on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 409, path: '/api/files/rename' })));

/** Creates a document through the API with the page's session; answers its id. */
async function createDoc(page: Page, name: string, content = 'Some words.'): Promise<string> {
  const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content });
  return file.id;
}

const title = (page: Page) => page.getByTestId('document-title');
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Document name' });
const docLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const renamed = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/files/rename') && r.request().method() === 'POST');

test.describe('the editor title', () => {
  test('click, type, Enter renames; Escape cancels; leaving the field saves; a blank or taken name is refused', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('title'));
    const fileId = await createDoc(page, 'Draft one');
    await createDoc(page, 'Taken');
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(title(page)).toHaveText('Draft one');

    // Click, type, Enter.
    await title(page).click();
    await expect(nameField(page)).toBeFocused();
    await expect(nameField(page)).toHaveValue('Draft one');
    await nameField(page).fill('Spring essay');
    await nameField(page).press('Enter');
    await expect(page.getByText('File renamed successfully')).toBeVisible();
    await expect(title(page)).toHaveText('Spring essay');
    await expect(title(page)).toBeFocused();
    await expect(page).toHaveTitle('Spring essay — Bree');
    await page.reload();
    await expect(title(page)).toHaveText('Spring essay');

    // Escape cancels: nothing is sent.
    let renames = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/files/rename')) renames += 1;
    });
    await title(page).click();
    await nameField(page).fill('Not this');
    await nameField(page).press('Escape');
    await expect(nameField(page)).toHaveCount(0);
    await expect(title(page)).toHaveText('Spring essay');

    // A blank name is refused with a message; Enter keeps the field open.
    await title(page).click();
    await nameField(page).fill('   ');
    await nameField(page).press('Enter');
    await expect(page.getByText('Please enter a document name')).toBeVisible();
    await expect(nameField(page)).toBeFocused();
    await expect(nameField(page)).toHaveAttribute('aria-invalid', 'true');
    await nameField(page).press('Escape');
    expect(renames).toBe(0);

    // Leaving the field saves.
    await title(page).click();
    await nameField(page).fill('Blurred name');
    const blurred = renamed(page);
    await page.getByTestId('editor').click();
    expect((await blurred).ok()).toBe(true);
    await expect(title(page)).toHaveText('Blurred name');

    // A name another document has: the rename's own error, and the old name stays.
    await title(page).click();
    await nameField(page).fill('Taken');
    await nameField(page).press('Enter');
    await expect(page.getByText('Failed to rename file')).toBeVisible();
    await expect(title(page)).toHaveText('Blurred name');

    // The list shows the new name.
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Blurred name')).toBeVisible();
    await expect(docLink(page, 'Draft one')).toHaveCount(0);
    await expect(docLink(page, 'Spring essay')).toHaveCount(0);
  });

  test('keyboard only: Tab to the title, Enter, type, Enter', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('title-keys'));
    const fileId = await createDoc(page, 'Keyboard draft');
    await page.goto(`${bree.url}/app/${fileId}`);
    await page.getByRole('button', { name: 'Back to documents' }).focus();
    await page.keyboard.press('Tab');
    await expect(title(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nameField(page)).toBeFocused();
    // The old name is selected: typing replaces it.
    await page.keyboard.type('Typed by keyboard');
    const done = renamed(page);
    await page.keyboard.press('Enter');
    expect((await done).ok()).toBe(true);
    await expect(title(page)).toHaveText('Typed by keyboard');
    await expect(title(page)).toBeFocused();
    // Space opens it too; Escape gives the focus back to the title.
    await page.keyboard.press('Space');
    await expect(nameField(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(title(page)).toBeFocused();
  });
});

test.describe('a new document takes its first line as its name', () => {
  test('once the first line is finished: the title, the list and a download use it', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('first-line'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await expect(title(page)).toHaveText('Untitled');
    await page.getByTestId('editor').click();
    await page.keyboard.type('Lisbon diary');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We arrived late and the city was still awake.');
    await expect(title(page)).toHaveText('Lisbon diary', { timeout: 15_000 });
    await expect(page).toHaveTitle('Lisbon diary — Bree');

    // Once: a new first line does not rename it again.
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Notes: ');
    const fileId = page.url().split('/').pop() ?? '';
    await expect
      .poll(async () => JSON.stringify((await callApi<{ file: { content: unknown } }>(page, 'POST', '/files/get', { fileId })).file.content), {
        timeout: 15_000,
      })
      .toContain('Notes: Lisbon diary');
    await expect(title(page)).toHaveText('Lisbon diary');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as text (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('Lisbon diary.txt');

    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Lisbon diary')).toBeVisible();
    await expect(docLink(page, 'Untitled')).toHaveCount(0);
  });

  test('typing straight after the click, before the editor is on screen, loses no key', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('type-ahead'));
    // The create request is held back, so every key below is typed before the editor exists.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files/claim-blank', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.keyboard.type('Harbour notes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Gulls over the mole, ');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(page.getByTestId('editor')).toHaveCount(0);
    release();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    // And on, while it opens: these keys go straight into the text.
    await page.keyboard.type(' at noon.');
    const editor = page.getByTestId('editor');
    await expect(editor.locator('p')).toHaveText(['Harbour notes', 'Gulls over the mole at noon.']);
    await expect(editor).toBeFocused();
    await expect(title(page)).toHaveText('Harbour notes', { timeout: 15_000 });
    const fileId = page.url().split('/').pop() ?? '';
    await expect
      .poll(async () => JSON.stringify((await callApi<{ file: { content: unknown } }>(page, 'POST', '/files/get', { fileId })).file.content), {
        timeout: 15_000,
      })
      .toContain('Gulls over the mole at noon.');
    // One document: the held Enter did not press the button a second time.
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Harbour notes')).toBeVisible();
    await expect(docLink(page, 'Untitled')).toHaveCount(0);
  });

  test('a first line longer than a name may be is cut where a phrase ends, never on "and the"', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('long-line'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await page.getByTestId('editor').click();
    // The 60-character limit falls just after 'and the': a line that long is finished, so the autosave names it.
    await page.keyboard.type('The small boat in the harbour rocked gently and the lighthouse beam swept the water');
    await expect(title(page)).toHaveText('The small boat in the harbour rocked gently', { timeout: 15_000 });
    await expect(page).toHaveTitle('The small boat in the harbour rocked gently — Bree');
  });

  test('a single unfinished line names it when the writer leaves', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('one-line'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await page.getByTestId('editor').click();
    await page.keyboard.type('Groceries');
    // Saved while the line may still grow: still Untitled.
    await expect(page.getByTestId('save-status').first()).toHaveText(/^Saved just now$/, { timeout: 15_000 });
    await expect(title(page)).toHaveText('Untitled');
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Groceries')).toBeVisible();
    await expect(docLink(page, 'Untitled')).toHaveCount(0);
  });

  test('a document renamed to Untitled by hand keeps that name', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('kept-untitled'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await page.getByTestId('editor').click();
    await page.keyboard.type('First take');
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText('First take', { timeout: 15_000 });
    await title(page).click();
    await nameField(page).fill('Untitled');
    await nameField(page).press('Enter');
    await expect(title(page)).toHaveText('Untitled');
    await expect(page.getByText('File renamed successfully')).toBeVisible();
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('New opening');
    await page.keyboard.press('Enter');
    const fileId = page.url().split('/').pop() ?? '';
    await expect
      .poll(async () => JSON.stringify((await callApi<{ file: { content: unknown } }>(page, 'POST', '/files/get', { fileId })).file.content), {
        timeout: 15_000,
      })
      .toContain('New opening');
    await page.reload();
    await expect(title(page)).toHaveText('Untitled');
  });
});
