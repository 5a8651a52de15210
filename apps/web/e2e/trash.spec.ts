import type { Page } from '@playwright/test';
import { axeOn } from './fixtures/axe';
import { callApi } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';

interface Summary {
  id: string;
  name: string;
}

/** Creates documents through the API, oldest first, then shows them. */
async function seed(page: Page, names: string[]): Promise<Summary[]> {
  const made: Summary[] = [];
  for (const name of names)
    made.push((await callApi<{ file: Summary }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content: `About ${name}.` })).file);
  await page.reload();
  return made;
}

const docLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function deleteRow(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(docLink(page, name)).toHaveCount(0);
}

test.describe('the Trash', () => {
  test("'File deleted' offers Undo, and Undo brings the document back", async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('undo'));
    await seed(page, ['Keep me', 'Undo me']);
    await deleteRow(page, 'Undo me');

    const toast = page.getByRole('status').filter({ hasText: 'File deleted' });
    await expect(toast).toBeVisible();
    const axe = await axeOn(page).include('[role="status"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const undo = toast.getByRole('button', { name: 'Undo deleting Undo me' });
    await expect(undo).toHaveText('Undo');
    // Reachable from the keyboard: a real button.
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('“Undo me” restored')).toBeVisible();
    await expect(docLink(page, 'Undo me')).toBeVisible();
    await expect(toast).toHaveCount(0);

    await page.reload();
    await expect(docLink(page, 'Undo me')).toBeVisible();
    expect((await callApi<{ items: unknown[] }>(page, 'GET', '/files/trash')).items).toEqual([]);
  });

  test('the Trash view lists what was deleted, restores it, and deletes forever after asking', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('trash'));
    await seed(page, ['Draft A', 'Draft B', 'Draft C']);
    await deleteRow(page, 'Draft A');
    await deleteRow(page, 'Draft B');

    // From the list page…
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    await expect(page).toHaveURL(`${bree.url}/app/trash`);
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    await expect(page.getByText('Deleted documents stay here for 30 days, then they are deleted for good.')).toBeVisible();
    const rows = page.getByRole('list', { name: 'Deleted documents' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Draft B');
    await expect(rows.first()).toContainText(/Deleted \w{3} \d{1,2}, \d{4} · 30 days left/);
    const axe = await axeOn(page).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: 'Restore Draft A' }).click();
    await expect(page.getByText('“Draft A” restored')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // Delete forever asks first; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete forever: Draft B' }).click();
    const prompt = page.getByRole('alertdialog');
    await expect(prompt).toContainText('Delete Draft B forever? This cannot be undone.');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete forever: Draft B' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByText('“Draft B” deleted forever')).toBeVisible();
    await expect(page.getByText('The Trash is empty')).toBeVisible();
    await page.reload();
    await expect(page.getByText('The Trash is empty')).toBeVisible();

    // …and back: Draft A is a document again, Draft B is gone for good.
    await page.getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect(docLink(page, 'Draft A')).toBeVisible();
    await expect(docLink(page, 'Draft C')).toBeVisible();
    await expect(docLink(page, 'Draft B')).toHaveCount(0);

    // The profile menu leads to the Trash as well.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(`${bree.url}/app/trash`);
    await expect(page.getByText('The Trash is empty')).toBeVisible();
  });
  test('a bulk delete offers Undo too, and Undo brings every document of the batch back in one request', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('bulk-undo'));
    await seed(page, ['First', 'Second', 'Third', 'Stays']);
    for (const name of ['First', 'Second', 'Third']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await expect(page.getByText('3 files selected')).toBeVisible();
    await page.getByRole('toolbar', { name: 'Selected documents' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    for (const name of ['First', 'Second', 'Third']) await expect(docLink(page, name)).toHaveCount(0);

    const toast = page.getByRole('status').filter({ hasText: '3 file(s) deleted' });
    const undo = toast.getByRole('button', { name: 'Undo deleting 3 file(s)' });
    await expect(undo).toHaveText('Undo');
    const restores = page.waitForResponse((r) => r.url().endsWith('/api/files/bulk-restore'));
    await undo.focus();
    await page.keyboard.press('Enter');
    expect((await restores).ok()).toBe(true);
    await expect(page.getByText('3 file(s) restored')).toBeVisible();
    for (const name of ['First', 'Second', 'Third', 'Stays']) await expect(docLink(page, name)).toBeVisible();

    await page.reload();
    for (const name of ['First', 'Second', 'Third', 'Stays']) await expect(docLink(page, name)).toBeVisible();
    expect((await callApi<{ items: unknown[] }>(page, 'GET', '/files/trash')).items).toEqual([]);
  });
  // A save into a document in the Trash: editor.spec.ts 'deleting the open document elsewhere…' (DELETE now trashes).
});
