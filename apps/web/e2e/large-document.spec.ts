import { test, expect, newAccount } from './fixtures/bree';
import { apiAnswer, callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): A save past the 5 MB limit is refused with 400 on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 400, path: '/api/files/content-only-update' })));

const TOO_LARGE = 'This document is too large to save: a document can hold up to 5 MB. Remove some text or move part of it into a new document.';

test.describe('a document at the size limit', () => {
  test('a paste that takes it past 5 MB is not saved, and the writer is told why', async ({ page, auth, bree }) => {
    test.setTimeout(180_000);
    await auth.signUpOverHttp(newAccount());
    // About 5.1 MB stored: a thousand paragraphs of 5,000 characters, just under the limit.
    const paragraph = 'The river kept its own counsel, and the town below it learned to listen. '.repeat(68).slice(0, 5000);
    const text = Array.from({ length: 1000 }, (_, i) => `${i} ${paragraph}`).join('\n\n');
    const created = await callApi<{ file: { id: string; revision: number } }>(page, 'POST', '/files/create', { filePath: 'Manuscript.txt', content: text });
    await page.goto(`${bree.url}/app/${created.file.id}`);
    const editor = page.getByTestId('editor');
    await expect(editor).toContainText('999 The river kept', { timeout: 60_000 });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'A long appendix pasted at the end. '.repeat(6000));
      document.querySelector('[data-testid="editor"]')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });

    await expect(page.getByText(TOO_LARGE)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('save-status').first()).toHaveText('Error saving');
    const stored = await apiAnswer<{ file: { revision: number; content: { content: unknown[] } } }>(page, 'POST', '/files/get', { fileId: created.file.id });
    expect(stored.body.file.revision).toBe(created.file.revision);
    expect(stored.body.file.content.content).toHaveLength(1000);
  });
});
