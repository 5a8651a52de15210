import { AuthPages, expect, newAccount, test } from './fixtures/bree';
import { allowConsoleErrors } from './fixtures/console-watch';
import { removeDataDir, startBree } from './fixtures/server';

test.use(
  allowConsoleErrors(
    // A protected link to a document that does not exist: the API answers 404 and the page says so.
    /status of 404 .*\/api\/files\/get\)/,
    // A forged sign-in return: the callback logs why before showing its error screen.
    /\[auth\] sign-in callback failed/,
  ),
);

test.describe('signing in to Bree', () => {
  test('create an account, land on /app, reload and stay signed in, sign out to /', async ({ page, bree, auth }) => {
    const account = newAccount();
    await auth.signUp(account);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    const tenant = await page.evaluate(() => localStorage.getItem('currentTenant'));
    expect(tenant).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

    await page.reload();
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

    await auth.signOut();
    await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('currentTenant'))).toBe('default-tenant');
    await page.goto(`${bree.url}/app`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('a wrong password says so clearly and a protected link returns to where it pointed', async ({ page, bree, auth, browser }) => {
    const account = newAccount('returner');
    await auth.signUp(account);
    await auth.signOut();

    await page.goto(`${bree.url}/app/01ARZ3NDEKTSV4RRFFQ69G5FAV?tab=history`);
    await auth.fillSignIn({ ...account, password: 'not the password' });
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${bree.url}/app/01ARZ3NDEKTSV4RRFFQ69G5FAV?tab=history`);

    // A second tab shares the session.
    const other = await page.context().newPage();
    await other.goto(`${bree.url}/app`);
    await expect(other.getByRole('heading', { name: 'Documents' })).toBeVisible();
    expect(browser.isConnected()).toBe(true);
  });

  test('the callback shows its error screen for a broken return', async ({ page, bree }) => {
    await page.goto(`${bree.url}/callback?code=forged&state=nothing-we-sent`);
    await expect(page.getByText('Authentication error. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test('an account survives a server restart on the same data dir', async ({ page }) => {
  const first = await startBree();
  const account = newAccount('restart');
  try {
    const auth = new AuthPages(page, first);
    await auth.signUp(account);
    await auth.signOut();
  } finally {
    // The page leaves before Bree stops: nothing it would load meanwhile finds a stopped server.
    await page.goto('about:blank');
    await first.stop();
  }
  const second = await startBree({ dataDir: first.dataDir, port: first.port });
  try {
    const auth = new AuthPages(page, second);
    await auth.signIn(account);
    await page.waitForURL(`${second.url}/app`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  } finally {
    await page.goto('about:blank');
    await second.stop();
    removeDataDir(first.dataDir);
  }
});
