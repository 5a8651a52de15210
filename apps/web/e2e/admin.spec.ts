import type { Page } from '@playwright/test';
import { test, expect, newAccount, AuthPages } from './fixtures/bree';
import { apiAnswer } from './fixtures/api';
import { expectAccessible } from './fixtures/axe';
import { startBree, removeDataDir, verifyEmail as runVerifyEmail, type BreeServer } from './fixtures/server';

const NOT_ALLOWED = 'You are not allowed to open this page';

/** Verifies the address as an operator would (`npm run verify-email`, Bree stopped). */
function verifyEmail(dataDir: string, email: string): void {
  expect(runVerifyEmail(dataDir, email)).toContain(`The email ${email} is now verified.`);
}

/** The usage window names its figures in words (a table's headers, on a phone each month's list) and fits without sideways scrolling. */
async function expectUsageTableFits(page: Page, { phone }: { phone: boolean }): Promise<void> {
  const region = page.getByRole('region', { name: 'Usage per month' });
  const labels = ['Fast calls', 'Premium calls', 'Fast tokens', 'Premium tokens', 'Voice minutes', 'Cost'];
  if (phone) await expect(region.getByRole('term')).toHaveText(labels);
  else await expect(region.getByRole('columnheader')).toHaveText(['Month', ...labels]);
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const dialog = page.getByRole('dialog');
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

async function openProfileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

test('a writer who is not an administrator has no Admin block and gets the not-allowed page at /admin', async ({ page, auth, bree }) => {
  await auth.signUpOverHttp(newAccount('not-admin'));
  await openProfileMenu(page);
  await expect(page.getByRole('link', { name: 'Admin portal' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`${bree.url}/admin/metrics`);
  await expect(page.getByRole('heading', { name: NOT_ALLOWED })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  await expectAccessible(page, 'the not-allowed page');
  await page.getByRole('link', { name: 'Back to your documents' }).click();
  await page.waitForURL(`${bree.url}/app`);
});

test('an administrator opens the portal from the profile menu, reads metrics, publishes a post anyone can read, and unpublishes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = newAccount('admin');
  const env = { ADMIN_EMAILS: admin.email };
  const servers: BreeServer[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const first = servers[0];
    const server = await startBree({ ...(first ? { dataDir: first.dataDir, port: first.port } : {}), env: { ...env, ...extra } });
    servers.push(server);
    return server;
  };
  try {
    const first = await start();
    await new AuthPages(page, first).signUpOverHttp(admin);
    const created = await apiAnswer(page, 'POST', '/files/create', {
      filePath: 'Spring release notes.txt',
      content: 'Everything new this spring, in one place for every writer.',
    });
    expect(created.status).toBe(200);
    await new AuthPages(page, first).signOut();
    // The page leaves before Bree stops: nothing it would load meanwhile finds a stopped server.
    await page.goto('about:blank');
    await first.stop();
    verifyEmail(first.dataDir, admin.email);

    // Verified: the profile menu's Admin block leads to the portal, whose sidebar names the tenant.
    const second = await start();
    await new AuthPages(page, second).signInOverHttp(admin);
    await page.waitForURL(`${second.url}/app`);
    await openProfileMenu(page);
    await page.getByRole('link', { name: 'Admin portal' }).click();
    await page.waitForURL(`${second.url}/admin`);
    await expect(page.getByRole('heading', { name: 'AI models' })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Admin sidebar' });
    const tenantId = (await sidebar.locator('code').textContent())!.trim();
    expect(tenantId.length).toBeGreaterThan(5);

    await sidebar.getByRole('link', { name: 'User Metrics' }).click();
    await expect(page.getByRole('heading', { name: 'User Metrics', level: 1 })).toBeVisible();
    await expect(page.getByTestId('total-newSignups')).toHaveText('1');
    await expect(page.getByLabel('Range')).toHaveValue('28d');
    await expectAccessible(page, 'User Metrics');
    await page.getByRole('button', { name: admin.email }).click();
    await expect(page.getByRole('dialog', { name: admin.email })).toContainText('Usage per month');
    await expectUsageTableFits(page, { phone: false });
    await expectAccessible(page, "a user's usage");
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Narrower screens: nothing spills sideways; at 767 px or less the sidebar is a drawer.
    for (const width of [1100, 768, 480, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole('heading', { name: 'User Metrics', level: 1 })).toBeVisible();
      // The chart re-measures itself after a resize (ResizeObserver): the page must settle without sideways scroll.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `${width} px` }).toBe(true);
    }
    await expect(sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectAccessible(page, 'the admin drawer');
    await page.getByRole('dialog', { name: 'Admin portal' }).getByRole('link', { name: 'User Usage' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'User Usage', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
    await page.getByLabel('E-mail address').fill(admin.email.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog', { name: admin.email })).toContainText('Usage per month');
    await expectUsageTableFits(page, { phone: true });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // No PUBLISHING_TENANT yet: Publishing says why nobody publishes, and what to set.
    await sidebar.getByRole('link', { name: 'Publishing' }).click();
    await page.waitForURL(`${second.url}/admin/publishing`);
    await expect(page.getByText('Publishing is not set up on this Bree.')).toBeVisible();
    await expect(page.getByText(`PUBLISHING_TENANT=${tenantId}`)).toBeVisible();
    await expectAccessible(page, 'Publishing without a publisher');
    await page.goto(`${second.url}/app`);
    await new AuthPages(page, second).signOut();
    await page.goto('about:blank');
    await second.stop();

    const third = await start({ PUBLISHING_TENANT: tenantId });
    await new AuthPages(page, third).signInOverHttp(admin);
    await page.waitForURL(`${third.url}/app`);
    await page.goto(`${third.url}/admin/publishing`);
    await page.getByRole('button', { name: /Spring release notes/ }).click();
    await expect(page.getByText('Everything new this spring, in one place for every writer.')).toBeVisible();
    const title = page.getByLabel('Title');
    await title.fill('Spring Release: 2026!');
    await expect(page.getByLabel('Slug')).toHaveValue('spring-release-2026');
    await expectAccessible(page, 'the publishing manager');
    await page.getByLabel('Excerpt').fill('What changed this spring.');
    await page.getByRole('radio', { name: 'Updates' }).check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(`Published at ${third.url}/updates/spring-release-2026`)).toBeVisible();

    // A reader without an account.
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    const res = await readerPage.goto(`${third.url}/updates/spring-release-2026`);
    expect(res?.status()).toBe(200);
    await expect(readerPage.getByRole('heading', { name: 'Spring Release: 2026!' })).toBeVisible();
    await expect(readerPage.getByText('Everything new this spring, in one place for every writer.')).toBeVisible();
    await readerPage.goto(`${third.url}/updates`);
    await expect(readerPage.getByRole('link', { name: 'Spring Release: 2026!' })).toBeVisible();

    // The reader looks once the server has answered the unpublish (the button is disabled while it
    // is on its way too, so its state alone does not say it is done: CI met the reader first).
    const unpublished = page.waitForResponse((r) => r.url().endsWith('/unpublish') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Unpublish' }).click();
    expect((await unpublished).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeDisabled();
    const gone = await readerPage.goto(`${third.url}/updates/spring-release-2026`);
    expect(gone?.status()).toBe(404);
    await expect(readerPage.getByText('Post not found')).toBeVisible();
    await reader.close();
  } finally {
    await page.goto('about:blank'); // nothing the page loads later meets a stopped server
    for (const server of servers) await server.stop();
    if (servers[0]) removeDataDir(servers[0].dataDir);
  }
});
