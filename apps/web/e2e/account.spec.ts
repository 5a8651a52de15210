import type { Browser, BrowserContext, Page } from '@playwright/test';
import { axeOn } from './fixtures/axe';
import { linkIn, startSmtpSink, type SmtpSink } from '../../server/test/fakes/smtp-sink';
import { AuthPages, expect, newAccount, test, type Account } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';
import { signInOverHttp, signUpOverHttp } from './fixtures/session';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): these tests end sessions. A wrong current
// password is refused with 400; a password change, an address change or 'sign out everywhere'
// revokes the other browser's tokens, so its requests are answered 401 and its token refresh 400
// before it returns to sign-in.
test.use(
  allowConsoleErrors(
    failedLoad({ status: 400, path: '/api/account/password' }),
    failedLoad({ status: 401, path: '/api/' }),
    failedLoad({ status: 400, path: '/oidc/token' }),
  ),
);

/**
 * Account settings end to end (docs/ACCOUNT.md), on a Bree that mails through a local SMTP sink. The
 * accounts are made first on the same data directory without a mail server, as accounts made before
 * SMTP_URL was set: they sign in with their address still unconfirmed, which the administrator's
 * journey (a confirmed address counts at once) needs.
 */
const ADMIN = newAccount('boss');
const PASSWORD_USER = newAccount('rekeyed');
const MOVING_USER = newAccount('moving');
const EVERYWHERE_USER = newAccount('everywhere');

let sink: SmtpSink;
let bree: BreeServer;
/** The administrator's browser storage: signed in before the address was confirmed. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async ({ browser }) => {
  sink = await startSmtpSink();
  const plain = await startBree({ env: { ADMIN_EMAILS: ADMIN.email } });
  // One browser per account: a browser with an issuer session would be signed in without the form.
  for (const account of [PASSWORD_USER, MOVING_USER, EVERYWHERE_USER, ADMIN]) {
    const context = await browser.newContext();
    await signUpOverHttp(await context.newPage(), plain.url, account);
    if (account === ADMIN) adminState = await context.storageState();
    await context.close();
  }
  await plain.stop();
  // The same Bree (data, port, so the same issuer), now with a mail server.
  bree = await startBree({
    dataDir: plain.dataDir,
    port: plain.port,
    env: { ADMIN_EMAILS: ADMIN.email, SMTP_URL: sink.url, MAIL_FROM: 'Bree <no-reply@bree.test>' },
  });
});
test.afterAll(async () => {
  await bree?.stop();
  if (bree) removeDataDir(bree.dataDir);
  await sink?.close();
});

/** A browser of its own (another device), signed in as `account` on `path`. */
async function deviceSignedIn(browser: Browser, account: Account, path = '/app'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInOverHttp(page, bree.url, account, path);
  return page;
}

/** After its sessions ended, a device that opens the app is sent to the sign-in page. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto(`${bree.url}/app`);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
}

async function openAccountSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await page.waitForURL(`${bree.url}/account`);
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
}

test('change password: the other browser is signed out, this one stays, and only the new password signs in', async ({ page, browser }) => {
  await signInOverHttp(page, bree.url, PASSWORD_USER);
  const other = await deviceSignedIn(browser, PASSWORD_USER);
  await expect(other.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await openAccountSettings(page);

  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill('a brand new password');
  await section.getByLabel('Confirm new password').fill('a brand new password');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await section.getByLabel('Current password').fill(PASSWORD_USER.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText('Your password was changed. Every other device was signed out.');
  expect((await sink.waitForMail(PASSWORD_USER.email)).subject).toBe('Your Bree password was changed');

  // This browser stays signed in; the other one is sent to sign in, where the old password no longer works.
  await page.reload();
  await expect(page.getByText(`You sign in with ${PASSWORD_USER.email}`)).toBeVisible();
  await expectSignedOut(other);
  const otherAuth = new AuthPages(other, bree);
  await otherAuth.fillSignIn(PASSWORD_USER);
  await expect(other.getByRole('alert')).toHaveText('Incorrect email or password.');
  await otherAuth.fillSignIn({ email: PASSWORD_USER.email, password: 'a brand new password' });
  await other.waitForURL(`${bree.url}/app`);
  await other.context().close();
});

test('change e-mail: the mailed link moves the account; the new address signs in, the old one does not', async ({ page, browser }) => {
  const newEmail = `moved-${Date.now()}@example.com`;
  await signInOverHttp(page, bree.url, MOVING_USER, '/account');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByLabel('New email address')).toBeVisible();
  const { violations } = await axeOn(page).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await section.getByLabel('New email address').fill(newEmail);
  await section.getByLabel('Current password').fill(MOVING_USER.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('status')).toContainText(`We sent a confirmation link to ${newEmail}.`);
  expect((await sink.waitForMail(MOVING_USER.email)).subject).toBe('Your Bree email address is being changed');

  const mail = await sink.waitForMail(newEmail);
  expect(mail.subject).toBe('Confirm your new email address for Bree');
  await page.goto(linkIn(mail));
  await page.getByRole('button', { name: 'Confirm new email address' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your email address is now ${newEmail}.`);
  // Still signed in: the app takes a token naming the new address without a sign-in.
  await page.getByRole('link', { name: 'Continue to Bree' }).click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await openAccountSettings(page);
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  const elsewhere = await (await browser.newContext()).newPage();
  const auth = new AuthPages(elsewhere, bree);
  await auth.signIn(MOVING_USER);
  await expect(elsewhere.getByRole('alert')).toHaveText('Incorrect email or password.');
  await auth.fillSignIn({ email: newEmail, password: MOVING_USER.password });
  await elsewhere.waitForURL(`${bree.url}/app`);
  await elsewhere.context().close();
});

test('sign out everywhere (on a phone): after its confirmation, this browser and the other one are signed out', async ({ page, browser }) => {
  const other = await deviceSignedIn(browser, EVERYWHERE_USER);
  await expect(other.getByRole('heading', { name: 'Documents' })).toBeVisible();
  // On a phone, through the same profile menu.
  await page.setViewportSize({ width: 375, height: 740 });
  await signInOverHttp(page, bree.url, EVERYWHERE_USER);
  await openAccountSettings(page);

  await page.getByRole('region', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('region', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.waitForURL(`${bree.url}/`);
  await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();

  await expectSignedOut(other);
  await other.context().close();
});

test('a confirmed address counts at once: /admin opens for the administrator, in every tab, without signing in again', async ({ browser }) => {
  const context = await browser.newContext({ storageState: adminState });
  // A tab left open on the documents, which will follow without a reload.
  const open = await context.newPage();
  await open.goto(`${bree.url}/app`);
  await open.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(open.getByRole('link', { name: 'Confirm your email address' })).toBeVisible();
  await expect(open.getByRole('link', { name: 'Admin portal' })).toHaveCount(0);
  await open.keyboard.press('Escape');

  const app = await context.newPage();
  await app.goto(`${bree.url}/app`);
  await app.getByRole('button', { name: 'Open profile menu' }).click();
  await app.getByRole('link', { name: 'Confirm your email address' }).click();
  await app.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await app.getByRole('button', { name: 'Send link' }).click();

  // The link is opened in another tab, as from a mail client; then Bree is opened there.
  const mailTab = await context.newPage();
  await mailTab.goto(linkIn(await sink.waitForMail(ADMIN.email)));
  await mailTab.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(mailTab.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await mailTab.goto(`${bree.url}/admin`);
  await expect(mailTab.getByRole('heading', { name: 'AI models' })).toBeVisible();
  expect(mailTab.url()).toBe(`${bree.url}/admin`);

  // The tab left open follows: no more asking, and the Admin block leads to the portal.
  await open.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(open.getByRole('link', { name: 'Admin portal' })).toBeVisible();
  await expect(open.getByRole('link', { name: 'Confirm your email address' })).toHaveCount(0);
  await open.getByRole('link', { name: 'Admin portal' }).click();
  await expect(open.getByRole('heading', { name: 'AI models' })).toBeVisible();
  await context.close();
});
