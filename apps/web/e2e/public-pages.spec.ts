import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/bree';

/** Scripts a page fetched, by file name. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') names.push(url.pathname.split('/').pop() ?? '');
  });
  return names;
}

test.describe('public pages', () => {
  test('the landing page and the legal pages open without the app: no sign-in, data or editor code is fetched', async ({ page, bree }) => {
    const scripts = scriptsOf(page);
    for (const [path, heading] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/security', 'Security'],
    ] as const) {
      await page.goto(`${bree.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    }
    await page.goto(`${bree.url}/`);
    await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => /^(startApp|boot|editor|react-oidc-context|useQuery)-/.test(name))).toEqual([]);

    // Moving on to the app fetches it then.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    expect(scripts.some((name) => name.startsWith('boot-'))).toBe(true);
  });
});
