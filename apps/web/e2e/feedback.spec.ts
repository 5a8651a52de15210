import { callApi } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';
import { FeedbackDialogPage } from './fixtures/feedback';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The error tests play 400, 413 and 429 answers for the feedback on purpose.
test.use(
  allowConsoleErrors(
    failedLoad({ status: 400, path: '/api/feedback' }),
    failedLoad({ status: 413, path: '/api/feedback' }),
    failedLoad({ status: 429, path: '/api/feedback' }),
  ),
);

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
    await auth.signUpOverHttp(newAccount('feedback'));
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
    await auth.signUpOverHttp(newAccount('feedback-rules'));
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
    await auth.signUpOverHttp(newAccount('feedback-fail'));
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
    await auth.signUpOverHttp(newAccount('feedback-clear'));
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
    await auth.signUpOverHttp(newAccount('feedback-editor'));
    await page.getByRole('button', { name: 'Create new document' }).click();
    await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
    await page.getByRole('tab', { name: 'Settings' }).first().click();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(new FeedbackDialogPage(page).dialog).toBeVisible();
  });
});

test.describe('Submit Feedback on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the Document settings sheet opens it, and a message alone is enough', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('feedback-phone'));
    const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Pocket notes.txt', content: 'A first line.' });
    await page.goto(`${bree.url}/app/${file.id}`);
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open settings' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document settings' });
    await sheet.getByRole('button', { name: 'Submit Feedback' }).tap();
    const feedback = new FeedbackDialogPage(page);
    await expect(feedback.dialog).toBeVisible();
    await feedback.type('The keyboard covers the last line');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
    await feedback.dialog.getByRole('button', { name: 'Submit', exact: true }).tap();
    expect((await sent).status()).toBe(200);
    await expect(feedback.dialog.getByText('Feedback Submitted!')).toBeVisible();
    await expect(feedback.dialog).toBeHidden();
  });
});
