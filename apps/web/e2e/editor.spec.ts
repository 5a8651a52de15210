import type { Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { apiAnswer } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): Deleting the open document elsewhere (its save answers 404) and editing it in two pages (409) are tested on purpose.
test.use(
  allowConsoleErrors(failedLoad({ status: 404, path: '/api/files/content-only-update' }), failedLoad({ status: 409, path: '/api/files/content-only-update' })),
);

const callApi = apiAnswer;

async function createDoc(page: Page, name: string, content: string): Promise<string> {
  const answer = await callApi(page, 'POST', '/files/create', { filePath: `${name}.txt`, content });
  expect(answer.status).toBe(200);
  return (answer.body.file as { id: string }).id;
}

/** The server's text of a document. */
async function serverText(page: Page, fileId: string): Promise<string> {
  const answer = await callApi(page, 'POST', '/files/get', { fileId });
  return JSON.stringify((answer.body.file as { content: unknown }).content);
}

async function typeAtEnd(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

const status = (page: Page) => page.getByTestId('save-status').first();

test.describe('editor', () => {
  test('autosave goes Not saved → Saving… → Saved, and the text survives a reload', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Morning pages', 'First line');
    // Slow the save a little so 'Saving…' can be seen.
    await page.route('**/api/files/content-only-update', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText('First line');
    await expect(page).toHaveTitle('Morning pages — Bree');
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await typeAtEnd(page, ' and a second thought');
    await expect(status(page)).toHaveText('Not saved');
    await expect(status(page)).toHaveText('Saving…', { timeout: 5000 });
    await expect(status(page)).toHaveText(/^Saved just now$/);
    await page.reload();
    await expect(page.getByTestId('editor')).toContainText('First line and a second thought');
  });

  test('deleting the open document elsewhere clears the editor and returns to the list', async ({ page, auth, bree, expectConsoleError }) => {
    // The presence list arrives in its own chunk; on a slow machine its first heartbeat goes out after the
    // deletion and is refused with a 404, which the page takes as 'gone' and does not repeat.
    expectConsoleError(failedLoad({ status: 404, path: '/api/presence/' }));
    // So are the comments' and suggestions' refreshes when the window comes back into view after the deletion (asked once each).
    expectConsoleError(failedLoad({ status: 404, path: '/api/comments/list/' }));
    expectConsoleError(failedLoad({ status: 404, path: '/api/suggestions/list/' }));
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Doomed draft', 'Words that will go');
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText('Words that will go');
    // Another tab deletes it.
    const tenant = await page.evaluate(() => localStorage.getItem('currentTenant') ?? '');
    expect((await callApi(page, 'DELETE', `/files/${encodeURIComponent(tenant)}/${encodeURIComponent('Doomed draft.txt')}`)).status).toBe(200);
    await typeAtEnd(page, ' and more');
    await expect(page.getByText('This document was deleted.')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  });

  test('offline edits are kept in IndexedDB and reach the server from a new page once online', async ({ page, auth, bree, context }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Offline draft', 'Start');
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText('Start');
    await context.setOffline(true);
    await typeAtEnd(page, ' written on a train');
    await expect(page.getByText('Saved offline - will sync when online')).toBeVisible({ timeout: 10_000 });
    await expect(status(page)).toHaveText('Not saved');
    await page.close();

    await context.setOffline(false);
    const second = await context.newPage();
    await second.goto(`${bree.url}/app/${fileId}`);
    await expect(second.getByTestId('editor')).toContainText('Start written on a train');
    await expect.poll(() => serverText(second, fileId), { timeout: 10_000 }).toContain('written on a train');
    await expect(status(second)).toHaveText(/^Saved/);
  });

  test('offline edits reach the server from the document list, without opening the editor again', async ({ page, auth, bree, context }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Field notes', 'Begin');
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText('Begin');
    await context.setOffline(true);
    await typeAtEnd(page, ' by the river');
    await expect(page.getByText('Saved offline - will sync when online')).toBeVisible({ timeout: 10_000 });
    await page.close();

    await context.setOffline(false);
    const list = await context.newPage();
    await list.goto(`${bree.url}/app`);
    await expect(list).toHaveURL(`${bree.url}/app`);
    await expect.poll(() => serverText(list, fileId), { timeout: 10_000 }).toContain('Begin by the river');
    // The record is gone once the server committed it.
    await expect
      .poll(() =>
        list.evaluate(async () => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('bree-offline');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const count = await new Promise<number>((resolve) => {
            const req = db.transaction('saves').objectStore('saves').count();
            req.onsuccess = () => resolve(req.result);
          });
          db.close();
          return count;
        }),
      )
      .toBe(0);
  });

  test('two pages editing one document: the conflict dialog keeps both texts', async ({ page, auth, bree, context }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Shared draft', 'Base');
    const other = await context.newPage();
    await page.goto(`${bree.url}/app/${fileId}`);
    // The second page has not heard of the first one's save yet (its presence heartbeat would otherwise follow it, docs/COLLABORATION.md).
    await other.route('**/api/presence/**', (route) => route.fulfill({ json: { people: [], revision: 1 } }));
    await other.goto(`${bree.url}/app/${fileId}`);
    await expect(other.getByTestId('editor')).toContainText('Base');

    await typeAtEnd(page, ' from page one');
    await expect(status(page)).toHaveText(/^Saved /, { timeout: 10_000 });
    await typeAtEnd(other, ' from page two');
    const dialog = other.getByRole('dialog', { name: 'This document changed in another tab or device' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(other)).toHaveText(/^Saved /);

    await expect.poll(() => serverText(other, fileId)).toContain('Base from page two');
    const versions = await callApi(other, 'GET', `/versions/list?fileId=${fileId}`);
    const list = versions.body.versions as { reason: string; preview: string }[];
    expect(list.some((v) => v.reason === 'conflict' && v.preview.includes('Base from page one'))).toBe(true);
  });

  test('conflict: "Use the latest" loads the other text and keeps mine as a version', async ({ page, auth, bree, context }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Second draft', 'Base');
    const other = await context.newPage();
    await page.goto(`${bree.url}/app/${fileId}`);
    // The second page has not heard of the first one's save yet (its presence heartbeat would otherwise follow it, docs/COLLABORATION.md).
    await other.route('**/api/presence/**', (route) => route.fulfill({ json: { people: [], revision: 1 } }));
    await other.goto(`${bree.url}/app/${fileId}`);
    await expect(other.getByTestId('editor')).toContainText('Base');
    await typeAtEnd(page, ' winner');
    await expect(status(page)).toHaveText(/^Saved /, { timeout: 10_000 });
    await typeAtEnd(other, ' loser');
    const dialog = other.getByRole('dialog', { name: 'This document changed in another tab or device' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Use the latest' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByTestId('editor')).toHaveText('Base winner');
    await expect(status(other)).toHaveText(/^Saved/);
    const versions = await callApi(other, 'GET', `/versions/list?fileId=${fileId}`);
    const list = versions.body.versions as { reason: string; preview: string }[];
    expect(list.some((v) => v.reason === 'conflict' && v.preview.includes('Base loser'))).toBe(true);
    expect(await serverText(other, fileId)).toContain('Base winner');
  });

  test('pasted plain text becomes paragraphs and hard breaks, every block with its own id', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Paste', 'Intro');
    await page.goto(`${bree.url}/app/${fileId}`);
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'First line\nsame paragraph\n\nSecond paragraph');
      document.querySelector('[data-testid="editor"]')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const paragraphs = page.getByTestId('editor').locator('p');
    await expect(paragraphs).toHaveCount(3);
    await expect(paragraphs.nth(1).locator('br')).toHaveCount(1);
    const ids = await paragraphs.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => typeof id === 'string' && id.length === 12)).toBe(true);
  });

  test('a version is restored from the History panel', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Essay', 'The original opening');
    expect((await callApi(page, 'POST', '/versions/create', { fileId, reason: 'manual' })).status).toBe(200);
    await page.goto(`${bree.url}/app/${fileId}`);
    await typeAtEnd(page, ' rewritten badly');
    await expect(status(page)).toHaveText(/^Saved /, { timeout: 10_000 });

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: /Saved by you/ }).click();
    await expect(page.getByTestId('version-preview')).toHaveText('The original opening');
    await page.getByRole('button', { name: 'Restore' }).click();
    // Restore asks first, and says the current text is kept.
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await expect(confirm).toContainText('Your current text is kept as a version');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Version restored successfully')).toBeVisible();
    await expect(page.getByTestId('editor')).toHaveText('The original opening');
    await expect.poll(() => serverText(page, fileId)).not.toContain('rewritten badly');
  });

  test('the document panel counts words and copies the document as HTML', async ({ page, auth, bree, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bree.url });
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Counts', 'one two three four');
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('stat-words')).toHaveText('4');
    await expect(page.getByTestId('stat-min-read')).toHaveText('1');
    await page.getByRole('button', { name: 'Copy as HTML' }).click();
    await expect(page.getByText('Copied as HTML')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^<p[^>]*>one two three four<\/p>$/);
  });

  test('leaving saves first and returns to /app', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Quick note', 'Note');
    await page.goto(`${bree.url}/app/${fileId}`);
    await typeAtEnd(page, ' before leaving');
    await page.getByRole('button', { name: 'Back to documents' }).click();
    await page.waitForURL(`${bree.url}/app`);
    await expect.poll(() => serverText(page, fileId)).toContain('Note before leaving');
  });

  test('the mobile header at 375 px', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Phone draft', 'Line');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${bree.url}/app/${fileId}`);
    const header = page.getByTestId('mobile-header');
    await expect(header).toBeVisible();
    await expect(header).toHaveCSS('background-color', 'rgb(251, 247, 238)');
    for (const name of ['Go back to previous page', 'Open Document Actions', 'Open settings', 'Undo last action', 'Redo last action', 'Open menu']) {
      await expect(header.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    // The menu toggle opens files, create, download, repository move and upload.
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Documents', 'New document', 'Download as text (.txt)', 'Download as Word (.docx)', 'Add to repository', 'Upload files']) {
      await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await header.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.evaluate(() => {
      document.addEventListener('bree:document-settings', (e) => {
        (window as unknown as { settingsEvents: unknown[] }).settingsEvents ??= [];
        (window as unknown as { settingsEvents: unknown[] }).settingsEvents.push((e as CustomEvent).detail);
      });
    });
    // Two taps within 300 ms raise one event (the first opens the settings sheet over the header,
    // so the second is sent straight to the button).
    await header.getByRole('button', { name: 'Open settings' }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    const events = await page.evaluate(() => (window as unknown as { settingsEvents?: { source: string }[] }).settingsEvents ?? []);
    expect(events).toHaveLength(1);
    expect(events[0]?.source).toBe('mobile-header');
    await expect(page.getByRole('dialog', { name: 'Document settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Document settings' })).toBeHidden();

    // The bar hides when the document scrolls down and comes back when it scrolls up.
    await typeAtEnd(page, '\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nmore\n\nend');
    await page.getByRole('main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await page.getByRole('main').evaluate((el) => el.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-hidden', 'false');

    // While editing, the toggle shows a check mark.
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveText('✓');
    await header.getByRole('button', { name: 'Open Document Actions' }).click();
    await expect(page.getByRole('dialog', { name: 'Document actions' }).getByText('Words', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Go back to previous page' }).click();
    await page.waitForURL(`${bree.url}/app`);
  });

  test('the mobile menu creates a new document and opens it', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Phone start', 'Line');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${bree.url}/app/${fileId}`);
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'New document' }).click();
    await page.waitForURL((url) => /^\/app\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(fileId));
    await expect(page.getByTestId('editor')).toBeVisible();
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Upload files' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
