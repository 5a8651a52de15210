import type { Page } from '@playwright/test';
import { apiAnswer } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The test tries a wrong password first: the server refuses the deletion with 400.
test.use(allowConsoleErrors(failedLoad({ status: 400, path: '/api/account/delete' })));

/** The stored access token and tenant of the signed-in page, to try them again once the account is gone. */
async function storedCredentials(page: Page): Promise<{ token: string; tenant: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
    return { token: user.access_token ?? '', tenant: localStorage.getItem('currentTenant') ?? '' };
  });
}

// docs/ACCOUNT.md "Delete my account".
test.describe('deleting the account', () => {
  test('removes the documents and the shared link, signs out, and the address signs up again as a new, empty account', async ({ page, bree, auth }) => {
    const account = newAccount('leaving');
    await auth.signUpOverHttp(account);
    const created = await apiAnswer<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Farewell notes', content: 'The last chapter.' });
    expect(created.status).toBe(200);
    const shared = await apiAnswer<{ shareSlug: string }>(page, 'POST', '/shares/create', { fileId: created.body.file.id });
    const shareUrl = `${bree.url}/share/${shared.body.shareSlug}`;
    expect((await page.request.get(shareUrl)).status()).toBe(200);
    const old = await storedCredentials(page);

    await page.goto(`${bree.url}/account`);
    const section = page.getByRole('region', { name: 'Delete my account' });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Shared links: they stop working at once')).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your e-mail address to confirm').fill(account.email.toUpperCase());
    await dialog.getByLabel('Your password').fill('not the password');
    await confirm.click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(account.password);
    await confirm.click();

    // Signed out, on the start page, which says so once.
    await page.waitForURL(`${bree.url}/`);
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(false);

    // The link answers 404 at once, and the old token opens nothing.
    expect((await page.request.get(shareUrl)).status()).toBe(404);
    const refused = await page.request.get(`${bree.url}/api/files/list`, { headers: { authorization: `Bearer ${old.token}`, 'x-tenant-id': old.tenant } });
    expect(refused.status()).toBe(401);

    // The same address signs up again: a new account with nothing in it.
    await auth.signUpOverHttp(account);
    await expect(page.getByRole('region', { name: 'Get started' }).or(page.getByLabel('Get started'))).toBeVisible();
    await expect(page.getByText('Farewell notes')).toHaveCount(0);
    expect((await storedCredentials(page)).tenant).not.toBe(old.tenant);
  });

  test('fits a phone: the danger zone and its dialog at 375 px, reached by keyboard', async ({ page, auth }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await auth.signUpOverHttp(newAccount('phone'), '/account');
    const open = page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account…' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await dialog.getByLabel('Type your e-mail address to confirm').scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('phone-dialog.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
