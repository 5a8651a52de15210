import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AuthPages, expect, newAccount, test } from './fixtures/bree';
import { FeedbackDialogPage, postFeedback } from './fixtures/feedback';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

const MB = 1024 * 1024;
const file = (name: string, mimeType: string, bytes: number) => ({ name, mimeType, buffer: Buffer.alloc(bytes, 0x41) });
const error = (status: number, code: string) => ({
  status,
  contentType: 'application/json',
  headers: { 'retry-after': '0' },
  body: JSON.stringify({ error: { code, message: code } }),
});

// page.route must see /api/feedback: the offline service worker stays out of these tests.
test.use({ serviceWorkers: 'block' });

test.describe('Submit Feedback', () => {
  test('a writer sends a screenshot of the page and a file from the profile menu', async ({ page, auth }) => {
    await auth.signUp(newAccount('feedback'));
    const feedback = new FeedbackDialogPage(page);
    await feedback.openFromProfileMenu();
    await feedback.type('The list jumps when I rename a document.');
    await expect(feedback.dialog.getByText('40/4000')).toBeVisible();
    await feedback.dialog.getByRole('button', { name: 'Capture Screenshot' }).click();
    await expect(feedback.dialog.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
    await feedback.attach([{ name: 'steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Rename\n2. Watch the list\n') }]);
    await expect(feedback.dialog.getByRole('list', { name: 'Attached files' })).toContainText('steps.txt');
    await expect(feedback.dialog.getByText(/^Total size: \d+ KB \/ 25600 KB$/)).toBeVisible();

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
    await feedback.submit();
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ success: true, id: expect.any(String) });
    await expect(feedback.dialog.getByText('Feedback Submitted!')).toBeVisible();
    await expect(feedback.dialog.getByText("Thank you for your feedback. We'll review it shortly.")).toBeVisible();
    // It closes by itself after 2 seconds.
    await expect(feedback.dialog).toBeHidden();
  });

  test('shows each validation message word for word', async ({ page, auth, context }) => {
    await auth.signUp(newAccount('feedback-rules'));
    const feedback = new FeedbackDialogPage(page);
    await feedback.openFromProfileMenu();
    await expect(feedback.dialog.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();

    await feedback.type('   ');
    await feedback.submit();
    await expect(feedback.alert()).toHaveText('Please enter your feedback message');

    await feedback.type('Typo on the pricing page');
    await feedback.submit();
    await expect(feedback.alert()).toHaveText('Please capture a screenshot or upload a file');

    await feedback.attach([file('archive.zip', 'application/zip', 100)]);
    await expect(feedback.alert()).toHaveText('File type "application/zip" is not supported');

    await feedback.attach([file('big.pdf', 'application/pdf', 11 * MB)]);
    await expect(feedback.alert()).toHaveText('File "big.pdf" is too large (11.00 MB). Maximum: 10 MB');

    await feedback.attach([file('one.pdf', 'application/pdf', 7 * MB), file('two.pdf', 'application/pdf', 7 * MB)]);
    await expect(feedback.alert()).toHaveCount(0);
    await expect(feedback.dialog.getByText('Total size: 14336 KB / 25600 KB')).not.toHaveAttribute('data-over-limit');
    await feedback.attach([file('three.pdf', 'application/pdf', 7 * MB)]);
    // 21 MB: above 20 MB the total turns red.
    await expect(feedback.dialog.getByText('Total size: 21504 KB / 25600 KB')).toHaveAttribute('data-over-limit', 'true');
    await expect(feedback.dialog.getByText('Total size: 21504 KB / 25600 KB')).toHaveClass(/text-red-700/);
    await expect(feedback.dialog.getByRole('button', { name: 'Attach Files' })).toBeDisabled();
    await feedback.attach([file('four.pdf', 'application/pdf', 10)]);
    await expect(feedback.alert()).toHaveText('Maximum 3 files allowed');

    // A pasted picture of more than 2 MB.
    await feedback.dialog.getByLabel('Your feedback').evaluate((area, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, 3 * MB);
    await expect(feedback.alert()).toHaveText('Clipboard image too large: 3.00 MB. Maximum size is 2 MB.');

    // The Paste button with only text on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('just words'));
    await feedback.dialog.getByRole('button', { name: 'Paste from Clipboard' }).click();
    await expect(feedback.alert()).toHaveText('No image found in clipboard. Please copy a screenshot first.');
  });

  test('429 and 413 keep their own messages, the attempts are counted, and Try Again goes after the third', async ({ page, auth }) => {
    await auth.signUp(newAccount('feedback-fail'));
    let answer = error(429, 'rate_limited');
    let calls = 0;
    await page.route('**/api/feedback', (route) => {
      calls += 1;
      return route.fulfill(answer);
    });
    const feedback = new FeedbackDialogPage(page);
    await feedback.openFromProfileMenu();
    await feedback.type('Saving felt slow today');
    await feedback.attach([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('slow') }]);
    await feedback.submit();
    await expect(feedback.alert()).toContainText('Failed to submit feedback. Rate limit exceeded. Please wait a moment before submitting again.');
    await expect(feedback.alert()).toContainText('Attempt 1 of 3');

    answer = error(413, 'payload_too_large');
    await feedback.dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(feedback.alert()).toContainText('Failed to submit feedback. Files are too large. Please reduce file sizes or remove some files.');
    await expect(feedback.alert()).toContainText('Attempt 2 of 3');

    await feedback.dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(feedback.alert()).toContainText('Attempt 3 of 3');
    await expect(feedback.dialog.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expect(feedback.dialog.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
    // The client's one automatic retry of a 429 included: 2 + 1 + 1.
    expect(calls).toBe(4);
  });

  test('a server error clears after 10 seconds; a 429 stays', async ({ page, auth }) => {
    await auth.signUp(newAccount('feedback-clear'));
    await page.clock.install();
    let answer = error(400, 'validation_failed');
    await page.route('**/api/feedback', (route) => route.fulfill(answer));
    const feedback = new FeedbackDialogPage(page);
    await feedback.openFromProfileMenu();
    await feedback.type('Export lost my headings');
    await feedback.attach([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('headings') }]);
    await feedback.submit();
    await expect(feedback.alert()).toContainText('Failed to submit feedback. Please check your input and try again.');
    await page.clock.runFor(9_000);
    await expect(feedback.alert()).toContainText('Attempt 1 of 3');
    await page.clock.runFor(1_000);
    await expect(feedback.alert()).toHaveCount(0);

    answer = error(429, 'rate_limited');
    await feedback.submit();
    await expect(feedback.alert()).toContainText('Rate limit exceeded.');
    await page.clock.runFor(15_000);
    await expect(feedback.alert()).toContainText('Attempt 2 of 3');
  });

  test('the editor settings panel opens the same dialog', async ({ page, auth }) => {
    await auth.signUp(newAccount('feedback-editor'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await page.getByRole('tab', { name: 'Settings' }).first().click();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(new FeedbackDialogPage(page).dialog).toBeVisible();
  });
});

test.describe('Feedback Management', () => {
  test.setTimeout(240_000);
  const ADMIN = { email: `feedback-admin-${Date.now()}@example.com`, password: 'a long enough password' };

  test('an administrator finds feedback, marks it read and responded, preserves it, and deletes with a confirmation and with a typed DELETE', async ({
    page,
  }) => {
    const env = { ADMIN_EMAILS: ADMIN.email };
    const first = await startBree({ env });
    let second: BreeServer | null = null;
    try {
      const auth = new AuthPages(page, first);
      // One writer through the dialog, with a file; 54 more items from six writers (10 each at most in 10 minutes).
      await auth.signUp(newAccount('reporter'));
      const feedback = new FeedbackDialogPage(page);
      await feedback.openFromProfileMenu();
      await feedback.type('Headings vanish after export to DOCX');
      await feedback.dialog.getByRole('button', { name: 'Capture Screenshot' }).click();
      await expect(feedback.dialog.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
      await feedback.attach([{ name: 'export-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('heading 2 became body text\n') }]);
      await feedback.submit();
      await expect(feedback.dialog.getByText('Feedback Submitted!')).toBeVisible();
      await auth.signOut();
      for (let writer = 0; writer < 6; writer += 1) {
        await auth.signUp(newAccount(`bulk${writer}`));
        for (let i = 0; i < 9; i += 1) expect(await postFeedback(page, `Bulk note ${writer}-${i}`)).toBe(200);
        await auth.signOut();
      }
      await auth.signUp(ADMIN);
      await auth.signOut();
      await first.stop();
      const verified = spawnSync(process.execPath, ['scripts/verify-email.mjs', ADMIN.email], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: first.dataDir },
        encoding: 'utf8',
      });
      expect(verified.stdout).toContain(`The email ${ADMIN.email} is now verified.`);
      second = await startBree({ dataDir: first.dataDir, port: first.port, env });
      await new AuthPages(page, second).signIn(ADMIN);
      await page.waitForURL(`${second.url}/app`);
      await page.goto(`${second.url}/admin`);

      const region = page.getByRole('region', { name: 'Feedback Management' });
      await expect(region.getByLabel('Total Feedback: 55', { exact: true })).toBeVisible();
      await expect(region.getByLabel('New Items: 55', { exact: true })).toBeVisible();
      await expect(region.getByLabel('Preserved: 0', { exact: true })).toBeVisible();
      await expect(region.getByLabel('Expiring Soon: 0', { exact: true })).toBeVisible();

      await region.getByLabel('Search').fill('HEADINGS VANISH');
      const card = region.getByTestId('feedback-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Headings vanish after export to DOCX');
      await expect(card).toContainText('2 files');
      await expect(card).toContainText('Screenshot (screenshot.jpg)');
      await expect(card).toContainText('14d left');
      await expect(card).toContainText(/reporter-\d+-\d+@example\.com/);

      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download export-notes.txt' }).click();
      expect((await download).suggestedFilename()).toBe('export-notes.txt');

      await card.getByRole('button', { name: 'Mark Read' }).click();
      await expect(card.getByRole('button', { name: 'Mark Responded' })).toBeVisible();
      await expect(card).toContainText('Read');
      await card.getByRole('button', { name: 'Mark Responded' }).click();
      await expect(card).toContainText('Responded');
      await expect(card.getByRole('button', { name: /^Mark/ })).toHaveCount(0);

      // 'Updating...' while the change travels.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/admin/feedback/*', async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.fallback();
      });
      await card.getByRole('button', { name: 'Preserve' }).click();
      await expect(card.getByRole('button', { name: 'Updating...' })).toBeDisabled();
      release();
      await expect(card.getByRole('button', { name: 'Unpreserve' })).toBeVisible();
      await expect(card).toContainText('Preserved');
      await expect(card).not.toContainText('14d left');
      await region.getByLabel('Search').fill('');
      await expect(region.getByLabel('Preserved: 1', { exact: true })).toBeVisible();

      // The filters: a status and the preservation.
      await region.getByLabel('Status').selectOption('responded');
      await expect(region.getByTestId('feedback-card')).toHaveCount(1);
      await region.getByLabel('Status').selectOption('all');
      await region.getByLabel('Preservation').selectOption('not-preserved');
      await expect(region.getByTestId('feedback-card')).toHaveCount(54);

      let deleteRequests = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/admin/feedback/bulk-delete')) deleteRequests += 1;
      });
      // Two items, with the confirmation; 'Deleting…' while it runs.
      let releaseDelete!: () => void;
      const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
      await page.route('**/api/admin/feedback/bulk-delete', async (route) => {
        await deleteHeld;
        await route.fallback();
      });
      await region
        .getByRole('checkbox', { name: /Select feedback/ })
        .nth(0)
        .check();
      await region
        .getByRole('checkbox', { name: /Select feedback/ })
        .nth(1)
        .check();
      const bar = region.getByRole('region', { name: 'Selected feedback' });
      await expect(bar).toContainText('2 selected');
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(`${d.type()}: ${d.message()}`);
        void d.accept();
      });
      await bar.getByRole('button', { name: 'Delete Selected' }).click();
      expect(asked).toEqual(['confirm: Delete 2 selected feedback item(s)? This cannot be undone.']);
      await expect(bar.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
      releaseDelete();
      // The counters count what the filters loaded: 54 not preserved, less the two.
      await expect(region.getByLabel('Total Feedback: 52', { exact: true })).toBeVisible();
      await expect(bar).toBeHidden();

      // Above 50: DELETE must be typed; anything else cancels.
      await region
        .getByRole('checkbox', { name: /Select feedback/ })
        .first()
        .check();
      await bar.getByRole('button', { name: 'Select Page' }).click();
      await expect(bar).toContainText('52 selected');
      page.once('dialog', (d) => {
        asked.push(`${d.type()}: ${d.message()}`);
        void d.accept('delete');
      });
      await bar.getByRole('button', { name: 'Delete Selected' }).click();
      expect(asked.at(-1)).toBe('prompt: Type DELETE to confirm deleting 52 items');
      await expect(bar).toContainText('52 selected');
      expect(deleteRequests).toBe(1);
      page.once('dialog', (d) => void d.accept('DELETE'));
      await bar.getByRole('button', { name: 'Delete Selected' }).click();
      await expect(region.getByText('No feedback found matching your filters.')).toBeVisible();
      await region.getByLabel('Preservation').selectOption('all');
      await expect(region.getByLabel('Total Feedback: 1', { exact: true })).toBeVisible();
      await expect(region.getByTestId('feedback-card')).toContainText('Headings vanish after export to DOCX');
    } finally {
      await first.stop();
      await second?.stop();
      removeDataDir(first.dataDir);
    }
  });
});
