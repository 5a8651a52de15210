import type { Page } from '@playwright/test';
import { apiAnswer } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';

/**
 * Who else has a document open (issue 42 item 4, docs/COLLABORATION.md "Presence"): shown in the header of
 * every window that has it open, on a desktop and on a phone, and gone when the other window closes.
 */

/** The tab comes back into view (as switching back to it does): the window asks who is here at once. */
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test('a second window of the same document shows in both headers, on a phone too, and goes when it closes', async ({ page, auth, bree, browser, context }) => {
  await auth.signUpOverHttp(newAccount('presence'));
  const created = await apiAnswer(page, 'POST', '/files/create', { filePath: `Open twice ${Date.now()}`, content: 'Two windows, one text.' });
  expect(created.status).toBe(200);
  const fileId = (created.body.file as { id: string }).id;
  await page.goto(`${bree.url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText('Two windows, one text.');
  // Alone: nothing shows (the heartbeat has been answered: the save status is there, no badge).
  await expect(page.getByTestId('save-status')).toBeVisible();
  await expect(page.getByTestId('presence')).toHaveCount(0);

  // The same writer on a phone, signed in with the same session.
  const phone = await browser.newContext({ storageState: await context.storageState(), viewport: { width: 375, height: 740 } });
  const second = await phone.newPage();
  await second.goto(`${bree.url}/app/${fileId}`);
  await expect(second.getByTestId('editor')).toContainText('Two windows, one text.');
  const onPhone = second.getByTestId('presence');
  await expect(onPhone).toHaveAttribute('title', 'Also here: You, in another window');
  await expect(onPhone.getByRole('status')).toHaveText('Also here: You, in another window');
  const box = await onPhone.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  await backToTab(page);
  const onDesktop = page.getByTestId('presence');
  await expect(onDesktop).toHaveAttribute('title', 'Also here: You, in another window');
  await expect(onDesktop).toContainText('Also here');

  // A reload is the same window again, not a second one beside its old self.
  await page.reload();
  await expect(page.getByTestId('editor')).toContainText('Two windows, one text.');
  await expect(onDesktop).toHaveAttribute('title', 'Also here: You, in another window');
  await backToTab(second);
  await expect(onPhone).toHaveAttribute('title', 'Also here: You, in another window');

  // The phone's window closes: its goodbye goes out as it does, and the desktop's next question finds nobody.
  // The phone's browser stays open (as closing a tab leaves it): closing it at once could cut the goodbye off on its way.
  await second.close({ runBeforeUnload: true });
  await expect(async () => {
    await backToTab(page);
    await expect(onDesktop).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await phone.close();
});
