import { readFile } from 'node:fs/promises';
import { expect, newAccount, test } from './fixtures/bree';
import { callApi } from './fixtures/api';

const rich = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Field notes' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Plain and ' },
        { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'first point' }] }] }] },
  ],
};

test('download a document in every format and move it into and out of the repository', async ({ page, auth }) => {
  await auth.signUpOverHttp(newAccount('export'));
  const { file } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Field notes', content: rich });
  await page.reload();

  // From the list's More-actions menu.
  await page.getByRole('button', { name: 'More actions for Field notes' }).click();
  const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as Markdown (.md)' }).click()]);
  expect(md.suggestedFilename()).toBe('Field notes.md');
  const markdown = await readFile((await md.path())!, 'utf8');
  expect(markdown).toContain('## Field notes');
  expect(markdown).toContain('**bold**');
  expect(markdown).toMatch(/^-\s+first point$/m);

  await page.getByRole('button', { name: 'More actions for Field notes' }).click();
  await page.getByRole('menuitem', { name: 'Add to repository' }).click();
  await expect(page.getByText('Field notes added to your repository')).toBeVisible();
  await expect(page.getByText('In repository', { exact: true })).toBeVisible();
  expect((await callApi<{ file: { isRepository: boolean } }>(page, 'POST', '/files/get', { fileId: file.id })).file.isRepository).toBe(true);

  // From the editor's panels.
  await page.goto(page.url().replace(/\/app.*$/, `/app/${file.id}`));
  await expect(page.getByTestId('editor')).toBeVisible();
  const [docx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as Word (.docx)' }).click()]);
  expect(docx.suggestedFilename()).toBe('Field notes.docx');
  expect((await readFile((await docx.path())!)).subarray(0, 2).toString()).toBe('PK');
  const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as web page (.html)' }).click()]);
  expect(await readFile((await html.path())!, 'utf8')).toContain('<h2>Field notes</h2>');

  await page.getByRole('tab', { name: 'Repository' }).click();
  await page.getByRole('button', { name: 'Remove from repository' }).click();
  await expect(page.getByRole('button', { name: 'Add to repository' })).toBeVisible();
  expect((await callApi<{ file: { isRepository: boolean } }>(page, 'POST', '/files/get', { fileId: file.id })).file.isRepository).toBe(false);
});
