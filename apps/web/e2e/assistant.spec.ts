import { test, expect, ORIGINAL, openDoc, selectParagraph, signUp } from './fixtures/assistant';
import { apiAnswer } from './fixtures/api';

test.describe('assistant with a configured provider', () => {
  test('Enhance shows a suggestion; tabs toggle; Accept replaces in one undo step', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    const editor = page.getByTestId('editor');
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Enhance' }).click();
    const card = page.getByTestId('ai-suggestion');
    await expect(card.getByRole('tab', { name: 'Enhanced' })).toBeVisible();
    await expect(editor.getByText('Polished first paragraph.')).toBeVisible();
    await expect(editor.getByText(ORIGINAL)).toBeHidden();

    await card.getByRole('tab', { name: 'Original' }).click();
    await expect(editor.getByText(ORIGINAL)).toBeVisible();
    await expect(editor.getByText('Polished first paragraph.')).toHaveCount(0);
    await card.getByRole('tab', { name: 'Enhanced' }).click();
    await expect(editor.getByText('Polished first paragraph.')).toBeVisible();

    await expect(card.getByRole('button', { name: 'Accept' })).toHaveAttribute('title', /Enter/);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect(editor).toContainText('Polished first paragraph.');
    await expect(editor).toContainText('Polished second paragraph.');
    await expect(editor).not.toContainText(ORIGINAL);

    await editor.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor).toContainText(ORIGINAL);
    await expect(editor).not.toContainText('Polished');
    await expect(editor).toContainText('Keep this intro.');
  });

  test('Reject leaves the text exactly as it was', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    const editor = page.getByTestId('editor');
    const before = await editor.innerHTML();
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Shrink' }).click();
    const card = page.getByTestId('ai-suggestion');
    await expect(card.getByRole('tab', { name: 'Enhanced' })).toBeVisible();
    await card.getByRole('button', { name: 'Reject' }).click();
    await expect(card).toBeHidden();
    expect(await editor.innerHTML()).toBe(before);
  });

  test('Modify sends the typed instruction and offers Original / Modified', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Modify' }).click();
    const prompt = page.getByPlaceholder('How should this text be rewritten?');
    await prompt.fill('Make it sound like a pirate');
    await prompt.press('Enter');
    const card = page.getByTestId('ai-suggestion');
    await expect(card.getByRole('tab', { name: 'Modified' })).toBeVisible();
    expect(ai.fake.requests.at(-1)?.text).toContain('Make it sound like a pirate');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(page.getByTestId('editor')).toContainText(ORIGINAL);
  });

  test('a finished result comes back after a reload as a suggestion, without news of an arrival', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    await selectParagraph(page);
    await page.getByRole('button', { name: 'Expand' }).click();
    await expect(page.getByTestId('ai-suggestion').getByRole('button', { name: 'Accept' })).toBeVisible();
    // Starting an operation saves the block ids the result refers to.
    await expect(page.getByTestId('save-status').first()).toHaveText(/^Saved just now$/);
    await page.reload();
    const card = page.getByTestId('ai-suggestion');
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    // It was on screen before the reload: nothing arrived while away (assistant-background.spec.ts).
    await expect(page.getByText('Background operation completed')).toHaveCount(0);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('editor')).toContainText('Polished first paragraph.');
    await expect(page.getByTestId('editor')).not.toContainText(ORIGINAL);
    // Decided once: the stored result is gone, so another reload shows nothing.
    await expect
      .poll(
        async () =>
          (await apiAnswer<{ responses: unknown[] }>(page, 'GET', `/background-responses/${page.url().split('/').pop() ?? ''}`)).body.responses.length,
      )
      .toBe(0);
  });

  test('the AI Provider Override confirms with a toast', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: /Fast/ }).click();
    await expect(page.getByText('AI Provider set to Fast')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Fast/ })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: /Premium/ }).click();
    await expect(page.getByText('AI Provider set to Premium')).toBeVisible();
  });
});
