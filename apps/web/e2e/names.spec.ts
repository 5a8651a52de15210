import type { Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures/bree';

/** Creates documents through the API, then shows them. */
async function seed(page: Page, names: string[]): Promise<void> {
  await page.evaluate(async (list) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.access_token}`,
      'X-Tenant-Id': localStorage.getItem('currentTenant') ?? '',
    };
    for (const name of list) {
      const res = await fetch('/api/files/create', { method: 'POST', headers, body: JSON.stringify({ filePath: `${name}.txt`, content: `About ${name}.` }) });
      if (!res.ok) throw new Error(`seeding ${name}: ${res.status}`);
    }
  }, names);
  await page.reload();
}

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Documents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

// "Rероrt" with Cyrillic е, р, о: it looks exactly like "Report".
const CYRILLIC_REPORT = 'R\u0435\u0440\u043Ert';

test.describe('names a person can tell apart', () => {
  test('a name that looks like another gets a hint in the list, both ways', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('names'));
    await seed(page, ['Report', 'Draft', 'Minutes']);
    await expect(rowOf(page, 'Draft')).toBeVisible();
    await expect(page.getByText(/Similar name/)).toHaveCount(0);

    // The writer renames 'Draft' to a name that looks like 'Report' (with a zero-width space typed in too).
    await page.getByRole('button', { name: 'More actions for Draft', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByPlaceholder('Enter new name').fill(`${CYRILLIC_REPORT}\u200B`);
    await page.getByPlaceholder('Enter new name').press('Enter');

    await expect(rowOf(page, CYRILLIC_REPORT)).toContainText('Similar name: Report · this name has Cyrillic letters');
    await expect(rowOf(page, 'Report')).toContainText(`Similar name: ${CYRILLIC_REPORT}`);
    await expect(rowOf(page, 'Minutes')).not.toContainText('Similar name');

    // A lowercase twin is named too, after a reload as much as at once.
    await seed(page, ['report']);
    await expect(rowOf(page, 'report')).toContainText('Similar name:');

    // Once the look-alikes are deleted, the last one has no twin and no hint.
    for (const name of ['report', CYRILLIC_REPORT]) {
      await page.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(rowOf(page, name)).toHaveCount(0);
    }
    await expect(rowOf(page, 'Report')).toBeVisible();
    await expect(page.getByText(/Similar name/)).toHaveCount(0);
  });
});
