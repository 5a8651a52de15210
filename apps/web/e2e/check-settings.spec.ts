import type { Page } from '@playwright/test';
import { callApi } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';

/**
 * The author's Checks settings in the Voice panel (docs/CHECKS.md "Settings and what is
 * remembered"): a rule switched off, the long-sentence limit and an own cliché are saved with the
 * voice profile and are still so after a reload. The server's rules are proved in checks-settings.test.ts.
 */

const checks = (page: Page) => page.getByTestId('check-settings');

async function openVoiceChecks(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Voice' }).first().click();
  await expect(page.getByRole('heading', { name: 'Checks', exact: true })).toBeVisible();
  await expect(checks(page).getByRole('switch', { name: 'Passive voice' })).toBeVisible();
}

test('switch a rule off, set the long-sentence limit and add a cliché in the Voice panel: all still so after a reload', async ({ page, auth, bree }) => {
  await auth.signUpOverHttp(newAccount('check-settings'));
  const doc = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Draft.txt', content: 'A draft.' });
  await page.goto(`${bree.url}/app/${doc.file.id}`);
  await openVoiceChecks(page);

  const passive = checks(page).getByRole('switch', { name: 'Passive voice' });
  await expect(passive).toHaveAttribute('aria-checked', 'true');
  const saved = (method: string) => page.waitForResponse((r) => r.url().endsWith('/api/checks/settings') && r.request().method() === method && r.ok());
  let put = saved('PUT');
  await passive.click();
  await expect(passive).toHaveAttribute('aria-checked', 'false');
  await put;

  const limit = checks(page).getByLabel('A sentence is long past this many words');
  await expect(limit).toHaveValue('35');
  await limit.fill('300');
  await expect(checks(page).getByText('Enter a whole number from 10 to 200.')).toBeVisible();
  await limit.fill('22');
  put = saved('PUT');
  await limit.press('Enter');
  await put;

  const cliche = checks(page).getByRole('textbox', { name: 'Your own clichés' });
  await cliche.fill('at the end of the day');
  put = saved('PUT');
  await checks(page).getByRole('button', { name: 'Add' }).click();
  await put;
  await expect(checks(page).getByRole('list', { name: 'Your own clichés' }).getByRole('listitem')).toHaveText(['at the end of the day×']);
  await expect(cliche).toHaveValue('');

  await page.reload();
  await openVoiceChecks(page);
  await expect(checks(page).getByRole('switch', { name: 'Passive voice' })).toHaveAttribute('aria-checked', 'false');
  await expect(checks(page).getByRole('switch', { name: 'Hedge words' })).toHaveAttribute('aria-checked', 'true');
  await expect(checks(page).getByLabel('A sentence is long past this many words')).toHaveValue('22');
  const list = checks(page).getByRole('list', { name: 'Your own clichés' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Removing the cliché is saved too.
  put = saved('PUT');
  await list.getByRole('button', { name: 'Remove “at the end of the day”' }).click();
  await put;
  await expect(list).toHaveCount(0);
  expect(await callApi<{ extraCliches: string[]; longSentenceWords: number }>(page, 'GET', '/checks/settings')).toMatchObject({
    extraCliches: [],
    longSentenceWords: 22,
    disabledRules: ['passive-voice'],
  });
});
