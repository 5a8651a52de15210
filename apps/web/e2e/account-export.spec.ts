import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { expect, newAccount, test } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The phone test plays a 409 'export in progress' for the export.
test.use(allowConsoleErrors(failedLoad({ status: 409, path: '/api/account/export' })));

const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** Every entry of the downloaded .tar.gz, by name. */
async function openArchive(bytes: Buffer): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const reader = extract();
  Readable.from([bytes]).pipe(createGunzip()).pipe(reader);
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks).toString('utf8'));
  }
  return entries;
}

// 'Export all my data' on the account page (docs/ACCOUNT.md "Export all my data").
test('export all my data: progress while the archive arrives, then a download holding every document, its versions, tags, the voice and a README', async ({
  page,
  auth,
}) => {
  await auth.signUpOverHttp(newAccount('export-all'));
  const { file: essay } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', {
    filePath: 'Harbour essay',
    content: paragraph('The harbour at dawn.'),
  });
  await callApi(page, 'POST', '/versions/create', { fileId: essay.id, reason: 'leave' });
  await callApi(page, 'POST', '/files/content-only-update', {
    fileId: essay.id,
    content: paragraph('The harbour at dusk.'),
    baseRevision: 1,
    operationId: 'e2e-export-1',
  });
  await callApi(page, 'POST', '/files/bulk-tag', { fileIds: [essay.id], authenticity: 'Human' });
  await callApi(page, 'POST', '/files/create', { filePath: 'Shopping list', content: paragraph('Bread, salt, ink.') });
  await callApi(page, 'PUT', '/voice/profile', { styleGuide: '- Salt in every sentence.', userNotes: 'No adverbs.' });

  await page.goto(new URL('/account', page.url()).href);
  const section = page.getByRole('region', { name: 'Export all my data' });
  await expect(section).toBeVisible();
  // Every state the progress line goes through, as the writer would have seen it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { exportProgressSeen: string[] }).exportProgressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="export-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Export all my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bree-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
  await expect(section.getByTestId('export-progress')).toHaveText(/^Exported 2 of 2 documents · \d+ (B|KB)$/);
  await expect(section.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(section.getByText(`Your archive ${download.suggestedFilename()} is in your downloads.`)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { exportProgressSeen: string[] }).exportProgressSeen);
  expect(seen[0]).toMatch(/^Exporting: 0 of (0|2) documents/);
  expect(seen.at(-1)).toMatch(/^Exported 2 of 2 documents/);

  // The archive, file by file.
  const entries = await openArchive(await readFile((await download.path())!));
  expect(entries.get('README.md')).toContain('npm run import-account');
  expect(JSON.parse(entries.get('bree-export.json')!)).toMatchObject({ format: 'bree-account-export', counts: { documents: 2, trashed: 0 } });
  expect(entries.get('documents/Harbour essay/document.md')).toContain('The harbour at dusk.');
  expect(JSON.parse(entries.get('documents/Harbour essay/document.json')!)).toMatchObject({ type: 'doc' });
  expect(JSON.parse(entries.get('documents/Harbour essay/meta.json')!)).toMatchObject({ id: essay.id, metadata: { authenticity: 'Human' } });
  const versions = [...entries.keys()].filter((name) => name.startsWith('documents/Harbour essay/versions/'));
  expect(versions.map((name) => entries.get(name)).join()).toContain('The harbour at dawn.');
  expect(entries.get('documents/Shopping list/document.md')).toContain('Bread, salt, ink.');
  expect(JSON.parse(entries.get('voice/profile.json')!)).toMatchObject({ styleGuide: '- Salt in every sentence.', userNotes: 'No adverbs.' });
  expect(JSON.parse(entries.get('voice/samples.json')!)).toEqual([expect.objectContaining({ id: essay.id })]);
  expect(JSON.parse(entries.get('feedback/feedback.json')!)).toEqual([]);
  expect(JSON.parse(entries.get('usage/months.json')!)).toEqual([]);
});

test('the export section fits a phone and says why an export is refused', async ({ page, auth }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await auth.signUpOverHttp(newAccount('export-phone'), '/account');
  const section = page.getByRole('region', { name: 'Export all my data' });
  const button = section.getByRole('button', { name: 'Export all my data' });
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Another export of this account is still being made.
  await page.route('**/api/account/export', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'export_in_progress', message: 'busy' } }) }),
  );
  await button.click();
  await expect(section.getByRole('alert')).toHaveText('An export of your data is already being made. Wait for it to finish, then try again.');
  await expect(button).toBeEnabled();
});
