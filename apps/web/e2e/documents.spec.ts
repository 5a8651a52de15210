import type { Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The refused-delete test plays a 500 for the delete on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 500, path: '/api/files/' })));

/** Creates documents through the API with the page's own session, oldest first (fast seeding). */
async function seedDocuments(page: Page, names: string[]): Promise<void> {
  await page.evaluate(async (list) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('not signed in');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.access_token}`,
      'X-Tenant-Id': localStorage.getItem('currentTenant') ?? '',
    };
    for (const name of list) {
      const res = await fetch('/api/files/create', {
        method: 'POST',
        headers,
        body: JSON.stringify({ filePath: `${name}.txt`, content: `Notes about ${name}.` }),
      });
      if (!res.ok) throw new Error(`seeding ${name} failed: ${res.status} ${await res.text()}`);
    }
  }, names);
}

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Documents' }).getByRole('listitem');
const docLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test('import dialog, drop to import, create, rename, tag, copy and delete a document', async ({ page, bree, auth }) => {
  await auth.signUpOverHttp(newAccount('docs'));
  await expect(page.getByRole('button', { name: /Start Writing/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Import Content/ })).toBeVisible();

  // 'Import content' opens the chooser; files dropped on the list are imported.
  await page.getByRole('button', { name: 'Import content', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Import content' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const files = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    return dt;
  });
  const heading = page.getByRole('heading', { name: 'Documents' });
  await heading.dispatchEvent('dragenter', { dataTransfer: files });
  await expect(page.getByText('Drop files to import')).toBeVisible();
  await heading.dispatchEvent('drop', { dataTransfer: files });
  await expect(page.getByText('Drop files to import')).toHaveCount(0);
  await expect(page.getByText('Imported 1 file(s)').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'notes', exact: true }).or(page.getByRole('link', { name: 'notes', exact: true }))).toBeVisible();

  await page.getByRole('button', { name: 'Create new document' }).click();
  await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
  // The editor's back button leads to the list; left empty, the new document is not kept (list.spec.ts).
  await page.getByRole('button', { name: 'Back to documents' }).click();
  await expect(page).toHaveURL(`${bree.url}/app`);
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(docLink(page, 'Untitled')).toHaveCount(0);
  await expect(rowsOf(page).first()).toContainText(/Edited today at/);

  // Rename through the prompt toast: blank is refused, Enter confirms, '.txt' is added by the app.
  await page.getByRole('button', { name: 'More actions for notes' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const input = page.getByPlaceholder('Enter new name');
  await expect(input).toBeFocused();
  await input.fill('   ');
  await expect(page.getByRole('button', { name: 'Rename', exact: true })).toBeDisabled();
  await input.fill('Field notes');
  await input.press('Enter');
  await expect(page.getByText('File renamed successfully')).toBeVisible();
  await expect(docLink(page, 'Field notes')).toBeVisible();
  await expect(docLink(page, 'notes')).toHaveCount(0);

  // Tag through the badge menu; it survives a reload.
  await page.getByRole('button', { name: 'Tag for Field notes: Untagged' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText([/Human/, /AI-Assisted/, /^AI/, /Untagged/]);
  const patched = page.waitForResponse((r) => r.url().includes('/api/files/metadata/') && r.request().method() === 'PATCH');
  await page.getByRole('menuitem', { name: /^Human/ }).click();
  await expect(page.getByRole('button', { name: 'Tag for Field notes: Human' })).toHaveText('H');
  expect((await patched).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tag for Field notes: Human' })).toBeVisible();

  // Convert to workspace offers its kinds, and closing the choice converts nothing (workspaces.spec.ts converts); Copy makes "(copy)".
  await page.getByRole('button', { name: 'More actions for Field notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Convert to workspace' }).click();
  const choice = page.getByRole('dialog', { name: 'Convert to workspace' });
  await expect(choice.getByRole('button', { name: 'Standard Workspace' })).toBeEnabled();
  await expect(choice.getByRole('button', { name: 'Book Workspace' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();
  await expect(page.getByRole('img', { name: 'Workspace' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions for Field notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByText('Copied as “Field notes (copy)”')).toBeVisible();
  await expect(docLink(page, 'Field notes (copy)')).toBeVisible();

  // Delete asks first; Cancel keeps the file.
  await page.getByRole('button', { name: 'More actions for Field notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete Field notes?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(docLink(page, 'Field notes')).toBeVisible();
  await page.getByRole('button', { name: 'More actions for Field notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted')).toBeVisible();
  await expect(docLink(page, 'Field notes')).toHaveCount(0);
  await page.reload();
  await expect(docLink(page, 'Field notes (copy)')).toBeVisible();
  await expect(docLink(page, 'Field notes')).toHaveCount(0);
});

test('forty documents: scroll paging, sort by name, fuzzy search, bulk tag and bulk delete', async ({ page, auth }) => {
  await auth.signUpOverHttp(newAccount('many'));
  const names = Array.from({ length: 38 }, (_, i) => `Doc ${String(i + 1).padStart(2, '0')}`);
  await seedDocuments(page, [...names, 'Quarterly report', 'Garden diary']);
  // Slow the follow-up pages a little so the loading footer can be seen.
  await page.route('**/api/files/list-paged?*', async (route) => {
    if (route.request().url().includes('cursor=')) await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.reload();

  // First page: 10 visible rows + 2, newest first.
  await expect(rowsOf(page)).toHaveCount(12);
  await expect(rowsOf(page).first()).toContainText('Garden diary');

  const list = page.getByRole('list', { name: 'Documents' });
  await list.hover();
  await page.mouse.wheel(0, 2000);
  await expect(page.getByText('Fetching more documents…')).toBeVisible();
  await expect(page.getByText('Loading…', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () => {
        await list.hover();
        await page.mouse.wheel(0, 4000);
        return rowsOf(page).count();
      },
      { timeout: 20_000, intervals: [400] },
    )
    .toBe(40);
  const shown = await list.getByRole('link').allTextContents();
  expect(new Set(shown).size).toBe(40);
  expect([...shown].sort()).toEqual([...names, 'Garden diary', 'Quarterly report'].sort());

  // Sort by name.
  await page.getByLabel('Sort by').selectOption('name');
  await expect(rowsOf(page).first()).toContainText('Doc 01');
  await expect(rowsOf(page).nth(1)).toContainText('Doc 02');

  // Fuzzy search by name, then an empty result and back.
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  await search.fill('quartrly');
  await expect(docLink(page, 'Quarterly report')).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(1);
  await search.fill('zzqxv');
  await expect(page.getByText('No results for “zzqxv”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(rowsOf(page).first()).toContainText('Doc 01');

  // Bulk tag two files.
  await page.getByRole('checkbox', { name: 'Select Doc 01' }).check();
  await expect(page.getByText('1 file selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Doc 02' }).check();
  await expect(page.getByText('2 files selected')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Selected documents' }).getByRole('button', { name: /Tag/ }).click();
  await page.getByRole('menuitem', { name: /^AI-Assisted/ }).click();
  await expect(page.getByRole('button', { name: 'Tag for Doc 01: AI-Assisted' })).toHaveText('AI+');
  await expect(page.getByRole('button', { name: 'Tag for Doc 02: AI-Assisted' })).toBeVisible();
  await expect(page.getByText('2 document(s) tagged AI-Assisted')).toBeVisible();

  // Bulk delete the same two after confirming.
  await page.getByRole('toolbar', { name: 'Selected documents' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete 2 documents?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 file(s) deleted')).toBeVisible();
  await expect(docLink(page, 'Doc 01')).toHaveCount(0);
  await expect(docLink(page, 'Doc 02')).toHaveCount(0);
  await expect(rowsOf(page).first()).toContainText('Doc 03');
  await page.reload();
  await page.getByLabel('Sort by').selectOption('name');
  await expect(rowsOf(page).first()).toContainText('Doc 03');
});

test('a delete the server refuses brings the row back and says so; going offline shows in the header', async ({ page, auth }) => {
  await auth.signUpOverHttp(newAccount('refused'));
  await seedDocuments(page, ['Keep me']);
  await page.reload();
  await expect(docLink(page, 'Keep me')).toBeVisible();

  let attempts = 0;
  await page.route('**/api/files/**', async (route) => {
    const req = route.request();
    if (req.method() === 'DELETE' || (req.method() === 'POST' && req.url().endsWith('/api/files/delete'))) {
      attempts += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }) });
      return;
    }
    await route.continue();
  });

  await page.getByRole('button', { name: 'More actions for Keep me' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(docLink(page, 'Keep me')).toHaveCount(0);
  await expect(page.getByText('Failed to delete file')).toBeVisible();
  await expect(docLink(page, 'Keep me')).toBeVisible();
  expect(attempts).toBe(3);

  // The list header shows the network state only when it is not healthy.
  const offline = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(offline).toHaveCount(0);
  await page.context().setOffline(true);
  await expect(offline).toBeVisible();
  await page.context().setOffline(false);
  await expect(offline).toHaveCount(0);
});

test('phone layout: short selection labels, five rows, no sideways scrolling', async ({ page, auth }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await auth.signUpOverHttp(newAccount('phone'));
  await seedDocuments(
    page,
    Array.from({ length: 9 }, (_, i) => `A rather long document title number ${i + 1}`),
  );
  const firstPage = () => page.waitForRequest((r) => r.url().includes('/api/files/list-paged') && !r.url().includes('cursor='));
  let asked = firstPage();
  await page.reload();
  // Nothing stored yet: 5 rows on mobile, so the first page asks for 5 + 2.
  expect(new URL((await asked).url()).searchParams.get('limit')).toBe('7');
  await expect(page.getByLabel('Rows')).toHaveValue('5');
  // The list grows with the window, which scrolls (no inner box): the rest loads as its end comes near.
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 2000);
        return rowsOf(page).count();
      },
      { intervals: [300] },
    )
    .toBe(9);

  await page.getByRole('checkbox', { name: 'Select A rather long document title number 9' }).check();
  await expect(page.getByText('1 file selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'All', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByText('9 files selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('files selected')).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The setting is kept per tenant.
  await page.getByLabel('Rows').selectOption('15');
  asked = firstPage();
  await page.reload();
  expect(new URL((await asked).url()).searchParams.get('limit')).toBe('17');
  await expect(page.getByLabel('Rows')).toHaveValue('15');
  await expect(rowsOf(page)).toHaveCount(9);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a writer’s Document settings sheet on a phone says plainly that AI is not set up, and names no server setting', async ({ page, auth, bree }) => {
  // This Bree has no AI provider, and this writer is not one of its administrators.
  await page.setViewportSize({ width: 375, height: 740 });
  await auth.signUpOverHttp(newAccount('settings-sheet'));
  const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Pocket notes.txt', content: 'A first line.' });
  await page.goto(`${bree.url}/app/${file.id}`);
  await page.getByTestId('mobile-header').getByRole('button', { name: 'Open settings' }).click();
  const sheet = page.getByRole('dialog', { name: 'Document settings' });
  await expect(sheet.getByTestId('ai-not-set-up')).toHaveText('AI is not set up on this server. Ask your administrator.');
  await expect(sheet.getByTestId('model-fast')).toHaveText('Not set up on this server');
  await expect(sheet.getByTestId('ai-admin-setup')).toHaveCount(0);
  await expect(sheet).not.toContainText(/_API_KEY|_MODEL|_BASE_URL|README|transcription model/);
});
