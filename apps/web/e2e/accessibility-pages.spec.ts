import type { Page } from '@playwright/test';
import { test, expect, newAccount, AuthPages, type Account } from './fixtures/bree';
import { expectAccessible } from './fixtures/axe';
import { startBree, removeDataDir, verifyEmail, type BreeServer } from './fixtures/server';

/**
 * axe-core on the pages outside the editor: the server's sign-in and create-account pages (also
 * with an error showing), the import dialog, /subscription and the admin portal, at desktop (1280 px) and at 360 px.
 * One Bree for the file: it starts once to create the administrator, whose address is verified
 * the operator's way with Bree stopped, and again on the same data for every test.
 */

const admin: Account = newAccount('axe-admin');
let server: BreeServer;

test.beforeAll(async ({ browser }) => {
  const first = await startBree({ env: { ADMIN_EMAILS: admin.email } });
  const page = await browser.newPage();
  await new AuthPages(page, first).signUpOverHttp(admin);
  await page.close();
  await first.stop();
  expect(verifyEmail(first.dataDir, admin.email)).toContain(`The email ${admin.email} is now verified.`);
  server = await startBree({ dataDir: first.dataDir, port: first.port, env: { ADMIN_EMAILS: admin.email } });
});

test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

const WIDTHS = [
  ['1280 px', { width: 1280, height: 800 }],
  ['360 px', { width: 360, height: 740 }],
] as const;

/** The admin portal's sections, as its sidebar (or, on a phone, its drawer) links them. */
async function adminSections(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Admin sections' }).first().getByRole('link').allTextContents();
}

for (const [label, viewport] of WIDTHS) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('the sign-in and create-account pages, empty and with an error', async ({ page }) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
      await expectAccessible(page, 'the sign-in page');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, 'the sign-in page with an error');

      await page.goto(`${server.url}/`);
      await page
        .getByRole('button', { name: /Get started|Try Bree for free/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
      await expectAccessible(page, 'the create-account page');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');
      await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the create-account page with an error');
    });

    test('the import dialog, /subscription and every admin portal section, signed in as an administrator', async ({ page }) => {
      test.slow(); // axe runs once per section
      await new AuthPages(page, server).signInOverHttp(admin);
      await page.waitForURL(`${server.url}/app`);
      await page.getByRole('button', { name: 'Import content', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Import content' })).toBeVisible();
      await expectAccessible(page, 'the import chooser');
      await page.getByRole('button', { name: /Upload Files/ }).click();
      await expect(page.getByRole('dialog', { name: 'Upload Files' })).toBeVisible();
      await expectAccessible(page, 'the Upload Files dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`${server.url}/subscription`);
      await expect(page.getByRole('heading', { name: 'This Bree has no online payments' })).toBeVisible();
      await expectAccessible(page, '/subscription');

      await page.goto(`${server.url}/admin`);
      await expect(page.getByRole('heading', { name: 'AI models' })).toBeVisible();
      await expectAccessible(page, 'the admin portal');
      if (viewport.width <= 767) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Admin portal' })).toBeVisible();
      }
      const sections = (await adminSections(page)).filter((name) => name !== 'Publishing');
      expect(sections.length).toBeGreaterThan(2);
      for (const section of sections) {
        await page.goto(`${server.url}/admin`);
        if (viewport.width <= 767) await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: section, exact: true }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0); // loaded
        await expectAccessible(page, `the admin section ${section}`);
      }
    });
  });
}
