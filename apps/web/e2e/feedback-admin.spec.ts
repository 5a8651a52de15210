import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AuthPages, expect, newAccount, test } from './fixtures/bree';
import { FeedbackDialogPage, postFeedback } from './fixtures/feedback';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

// page.route must see the admin calls: the offline service worker stays out of this test.
test.use({ serviceWorkers: 'block' });

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
      await auth.signUpOverHttp(newAccount('reporter'));
      const feedback = new FeedbackDialogPage(page);
      await feedback.openFromProfileMenu();
      await feedback.type('Headings vanish after export to DOCX');
      await feedback.dialog.getByRole('button', { name: 'Capture Screenshot' }).click();
      await expect(feedback.dialog.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
      await feedback.attach([{ name: 'export-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('heading 2 became body text\n') }]);
      await feedback.submit();
      await expect(feedback.dialog.getByText('Feedback Submitted!')).toBeVisible();
      await auth.forgetSession();
      for (let writer = 0; writer < 6; writer += 1) {
        await auth.signUpOverHttp(newAccount(`bulk${writer}`));
        for (let i = 0; i < 9; i += 1) expect(await postFeedback(page, `Bulk note ${writer}-${i}`)).toBe(200);
        await auth.forgetSession();
      }
      await auth.signUpOverHttp(ADMIN);
      await auth.forgetSession();
      // Off the first server's origin before it stops: a favicon fetched late would log a refused connection.
      await page.goto('about:blank');
      await first.stop();
      const verified = spawnSync(process.execPath, ['scripts/verify-email.mjs', ADMIN.email], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: first.dataDir },
        encoding: 'utf8',
      });
      expect(verified.stdout).toContain(`The email ${ADMIN.email} is now verified.`);
      second = await startBree({ dataDir: first.dataDir, port: first.port, env });
      await new AuthPages(page, second).signInOverHttp(ADMIN);
      await page.waitForURL(`${second.url}/app`);
      await page.goto(`${second.url}/admin/feedback`);

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
      await page.goto('about:blank');
      await first.stop();
      await second?.stop();
      removeDataDir(first.dataDir);
    }
  });
});
