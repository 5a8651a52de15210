import type { Page } from '@playwright/test';
import { callApi } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';

interface Summary {
  id: string;
  name: string;
  isRepository: boolean;
  lastModified: string;
}

/** Creates documents through the API, oldest first, then shows them. */
async function seed(page: Page, names: string[]): Promise<Summary[]> {
  const made = await page.evaluate(async (list) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.access_token}`,
      'X-Tenant-Id': localStorage.getItem('currentTenant') ?? '',
    };
    const out: unknown[] = [];
    for (const name of list) {
      const res = await fetch('/api/files/create', { method: 'POST', headers, body: JSON.stringify({ filePath: `${name}.txt`, content: `About ${name}.` }) });
      if (!res.ok) throw new Error(`seeding ${name}: ${res.status}`);
      out.push(((await res.json()) as { file: unknown }).file);
    }
    return out;
  }, names);
  await page.reload();
  return made as Summary[];
}

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Documents' }).getByRole('listitem');
const docLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const listFiles = async (page: Page) => (await callApi<{ files: Summary[] }>(page, 'GET', '/files/list')).files;

/** Elements of the page that scroll on their own (overflow auto/scroll with more content than room). */
function innerScrollBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => /(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.outerHTML.slice(0, 80)),
  );
}

test.describe('the document list', () => {
  test("renaming and tagging leave 'Edited' and the date order alone; a save moves both", async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('edited'));
    const [older] = await seed(page, ['Older note', 'Newer note']);
    await expect(rowsOf(page).first()).toContainText('Newer note');
    const editedText = async (name: string) => (await rowsOf(page).filter({ hasText: name }).innerText()).match(/Edited [^\n]+/)?.[0];
    const before = await editedText('Older note');
    expect(before).toMatch(/^Edited today at/);

    await page.getByRole('button', { name: 'More actions for Older note', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByPlaceholder('Enter new name').fill('Oldest note');
    await page.getByPlaceholder('Enter new name').press('Enter');
    await expect(docLink(page, 'Oldest note')).toBeVisible();
    await page.getByRole('button', { name: 'Tag for Oldest note: Untagged' }).click();
    await page.getByRole('menuitem', { name: /^Human/ }).click();
    await expect(page.getByRole('button', { name: 'Tag for Oldest note: Human' })).toBeVisible();

    await page.reload();
    await expect(rowsOf(page).first()).toContainText('Newer note');
    expect(await editedText('Oldest note')).toBe(before);
    const renamed = (await listFiles(page)).find((f) => f.id === older!.id);
    expect(renamed?.lastModified).toBe(older!.lastModified);

    // A change of the text is an edit: it moves to the top.
    await callApi(page, 'POST', '/files/content-only-update', { fileId: older!.id, content: 'New words.', baseRevision: 1, operationId: 'list-e2e-save-1' });
    await page.reload();
    await expect(rowsOf(page).first()).toContainText('Oldest note');
    expect((await listFiles(page)).find((f) => f.id === older!.id)?.lastModified).not.toBe(older!.lastModified);
  });

  test('one import of three files gives one summary toast', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('one-toast'));
    await page.getByRole('button', { name: 'Import content', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Import content' })
      .getByRole('button', { name: /Upload Files/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    const file = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`Words of ${name}.`) });
    await dialog.locator('input[type="file"]').setInputFiles([file('One.txt'), file('Two.txt'), file('Three.txt')]);
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '3', { timeout: 30_000 });
    await expect(page.getByText('Imported 3 file(s)')).toBeVisible();
    // Every toast on screen (hidden from the accessibility tree while the dialog is modal): only the
    // summary, while the dialog's rows say 'Imported' per file.
    const toasts = page.getByRole('status', { includeHidden: true });
    await expect(toasts.filter({ hasText: /import/i })).toHaveCount(1);
    await expect(toasts.filter({ hasText: /One|Two|Three/ })).toHaveCount(0);
  });

  test('whatever the rows per page, the list grows with the page and the window scrolls, never an inner box', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('rows'));
    await seed(
      page,
      Array.from({ length: 100 }, (_, i) => `Row ${String(i + 1).padStart(3, '0')}`),
    );
    for (const rows of ['5', '10', '15']) {
      await page.getByLabel('Rows per page').selectOption(rows);
      await expect(rowsOf(page).first()).toBeVisible();
      expect(await innerScrollBoxes(page), `rows per page ${rows}`).toEqual([]);
    }
    // The window scrolls down through all 100, loading as it goes.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return rowsOf(page).count();
        },
        { timeout: 30_000, intervals: [300] },
      )
      .toBe(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await innerScrollBoxes(page)).toEqual([]);
    await expect(page.getByText('100 documents')).toBeVisible();
  });

  test('the paste dialog asks whether the text goes into the repository, unticked as in the upload dialog', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('paste-voice'));
    const openPaste = async () => {
      await page.getByRole('button', { name: 'Import content', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Import content' })
        .getByRole('button', { name: /Paste Content/ })
        .click();
      return page.getByRole('dialog', { name: 'Add Content to Repository' });
    };
    const question = 'Add to my repository';

    // Unticked at first, as in the upload dialog: imports are plain documents unless the writer asks.
    let modal = await openPaste();
    await expect(modal.getByRole('checkbox', { name: question })).not.toBeChecked();
    await modal.getByRole('checkbox', { name: question }).check();
    await modal.getByLabel('Document Name').fill('Mine');
    await modal.getByLabel('Content', { exact: true }).fill('My own words.');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(modal).toHaveCount(0);

    // The writer's choice stays while the page is open; unticked, the text is a plain document.
    modal = await openPaste();
    await expect(modal.getByRole('checkbox', { name: question })).toBeChecked();
    await modal.getByRole('checkbox', { name: question }).uncheck();
    await modal.getByLabel('Document Name').fill('Not mine');
    await modal.getByLabel('Content', { exact: true }).fill('Words from elsewhere.');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Not mine added to your documents')).toBeVisible();

    const files = await listFiles(page);
    expect(files.find((f) => f.name === 'Mine.txt')?.isRepository).toBe(true);
    expect(files.find((f) => f.name === 'Not mine.txt')?.isRepository).toBe(false);
    const row = (name: string) => rowsOf(page).filter({ has: docLink(page, name) });
    await expect(row('Mine').getByText('In repository', { exact: true })).toBeVisible();
    await expect(row('Not mine')).toBeVisible();
    await expect(row('Not mine').getByText('In repository', { exact: true })).toHaveCount(0);

    // The upload dialog asks the same question with the same control.
    await page.getByRole('button', { name: 'Import content', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Import content' })
      .getByRole('button', { name: /Upload Files/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Upload Files' }).getByRole('checkbox', { name: question })).not.toBeChecked();
  });

  test('the Voice panel opens from the profile menu', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('voice-menu'));
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Voice', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Voice' });
    await expect(panel.getByRole('heading', { name: 'Your voice' })).toBeVisible();
    await expect(panel.getByTestId('voice-empty')).toBeVisible();
    // This Bree has no AI provider: the panel's one AI action shows it before any click.
    await expect(panel.getByRole('button', { name: 'Analyze my voice' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });
});

/** 'Create new document' from the list: the editor opens on the new document. */
async function createNew(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create new document' }).click();
  await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
  await expect(page.getByTestId('editor')).toBeVisible();
  return page.url().split('/').pop() ?? '';
}
const names = async (page: Page) => (await listFiles(page)).map((f) => f.name).sort();
const trashCount = async (page: Page) => (await callApi<{ items: unknown[] }>(page, 'GET', '/files/trash')).items.length;

// docs/PRODUCT.md#documents: an empty Untitled is not kept; docs/TRASH.md "An empty new document is not kept".
test.describe('an empty new document', () => {
  test('is not kept when left without typing (back button, browser back), and is kept once it has text', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('empty-new'));
    await seed(page, ['Existing']);

    await createNew(page);
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect(docLink(page, 'Existing')).toBeVisible();
    await expect(docLink(page, 'Untitled')).toHaveCount(0);
    await expect.poll(() => names(page)).toEqual(['Existing.txt']);

    await createNew(page);
    await page.goBack();
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect.poll(() => names(page)).toEqual(['Existing.txt']);
    // Never in the Trash, and nothing said.
    expect(await trashCount(page)).toBe(0);
    await expect(page.getByRole('status').filter({ hasText: /deleted|restored/ })).toHaveCount(0);
    await page.reload();
    await expect(docLink(page, 'Existing')).toBeVisible();
    await expect(rowsOf(page)).toHaveCount(1);

    // Typed into: kept, named after its first line, even if the writer empties it afterwards.
    await createNew(page);
    await page.keyboard.type('Words to keep');
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Words to keep')).toBeVisible();
    await docLink(page, 'Words to keep').click();
    await expect(page.getByTestId('editor')).toHaveText('Words to keep');
    await page.getByTestId('editor').press('Control+a');
    await page.getByTestId('editor').press('Backspace');
    await expect(page.getByTestId('editor')).toHaveText('');
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await expect(docLink(page, 'Existing')).toBeVisible();
    await page.reload();
    await expect(docLink(page, 'Words to keep')).toBeVisible();
    expect(await names(page)).toEqual(['Existing.txt', 'Words to keep.txt']);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("is not kept when left with the header's back button", async ({ page, auth, bree }) => {
      await auth.signUpOverHttp(newAccount('empty-new-phone'));
      await seed(page, ['Pocket']);
      await createNew(page);
      await page.getByTestId('mobile-header').getByRole('button', { name: 'Go back to previous page' }).tap();
      await expect(page).toHaveURL(`${bree.url}/app`);
      await expect(docLink(page, 'Pocket')).toBeVisible();
      await expect.poll(() => names(page)).toEqual(['Pocket.txt']);
      await expect(docLink(page, 'Untitled')).toHaveCount(0);
    });
  });
});
