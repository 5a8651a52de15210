import type { Page } from '@playwright/test';
import { axeOn } from './fixtures/axe';
import { linkIn, startSmtpSink, type SmtpSink } from '../../server/test/fakes/smtp-sink';
import { AuthPages, expect, newAccount, test } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

/** No accessibility violations on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await axeOn(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test.describe('forgot password, with a mail server', () => {
  let sink: SmtpSink;
  let mailing: BreeServer;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    mailing = await startBree({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Bree <no-reply@bree.test>' } });
  });
  test.afterAll(async () => {
    await mailing?.stop();
    if (mailing) removeDataDir(mailing.dataDir);
    await sink?.close();
  });

  test('a mailed link sets a new password that signs in, and works only once', async ({ page }) => {
    const account = newAccount('forgetful');
    const auth = new AuthPages(page, mailing);
    // With a mail server, a new account signs in once its address is confirmed by the mailed link.
    await page.goto(`${mailing.url}/`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const confirmation = await sink.waitForMail(account.email);
    expect(confirmation.subject).toBe('Confirm your email address for Bree');
    await page.goto(linkIn(confirmation));
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    // Only the reset mail matters from here.
    sink.mails.length = 0;

    await page.goto(`${mailing.url}/app`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account exists for that address, we sent it a link to reset its password.');

    const mail = await sink.waitForMail(account.email);
    expect(mail.subject).toBe('Reset your Bree password');
    const link = linkIn(mail);
    expect(link.startsWith(`${mailing.url}/interaction/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For the Bree account ${account.email}.`)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('my brand new password');
    await page.getByLabel('Confirm new password').fill('not the same one');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
    await page.getByLabel('New password', { exact: true }).fill('my brand new password');
    await page.getByLabel('Confirm new password').fill('my brand new password');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // On to sign-in, which says what happened; the new password opens the app.
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with your new password.');
    await auth.fillSignIn({ email: account.email, password: 'my brand new password' });
    await page.waitForURL(`${mailing.url}/app`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

    // The link is used up.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Link no longer valid' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This link to reset your password has expired or was already used.');
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });
});

test('without a mail server, "Forgot password?" says to ask the administrator', async ({ page, bree }) => {
  await page.goto(`${bree.url}/app`);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText('Ask your administrator to reset your password.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});
