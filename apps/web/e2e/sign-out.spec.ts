import { expect, newAccount, test } from './fixtures/bree';

/** A page of another site, served by the browser's router, linking to Bree's end-session URL. */
const ELSEWHERE = 'http://elsewhere.example/';

test.describe('signing out', () => {
  test('a link on another site only asks, and the writer stays signed in', async ({ page, bree, auth }) => {
    await auth.signUp(newAccount('cross-site'));
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

    await page.route(ELSEWHERE, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${bree.url}/oidc/session/end">Free prize</a>` }),
    );
    await page.goto(ELSEWHERE);
    await page.getByRole('link', { name: 'Free prize' }).click();

    await expect(page.getByRole('heading', { name: 'Sign out', exact: true })).toBeVisible();
    await expect(page.getByText('Do you want to sign out of Bree?')).toBeVisible();
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await page.waitForURL(`${bree.url}/app`);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

    // Bree's own 'Sign Out' still takes one click.
    await auth.signOut();
    await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();
  });
});
