import type { Page } from '@playwright/test';
import { apiAnswer } from './fixtures/api';
import { test, expect, caretAtEnd, openDoc, paragraphs, savedBlocks, selectText, signUp, suggestionCard } from './fixtures/assistant';

/** Ask AI at the cursor (docs/ASSISTANT.md "Ask AI"): the prompt, the answer as a suggestion, recent instructions, cancelling. */

const FERRY = 'a paragraph on why the ferry matters to the town';
const VERB = 'a stronger verb';
const prompt = (page: Page) => page.getByTestId('ask-ai');
const field = (page: Page) => page.getByRole('textbox', { name: 'Ask AI' });
const recent = (page: Page) => page.getByRole('listbox', { name: 'Recent' }).getByRole('option');
const uniqueIntro = (label: string) => `Ask ${label} ${Date.now()} ${Math.random().toString(36).slice(2, 7)}.`;

/** The saved text of each block, with the action of its AI mark when it has one. */
async function savedWithMarks(page: Page, fileId: string): Promise<string[]> {
  return (await savedBlocks(page, fileId)).map((b) =>
    (b.content ?? [])
      .map((c) => {
        const mark = (c as { marks?: { type: string; attrs?: { action?: string } }[] }).marks?.find((m) => m.type === 'aiProvenance');
        return mark ? `[${mark.attrs?.action}]${c.text ?? ''}` : (c.text ?? '');
      })
      .join(''),
  );
}

test('Ctrl+J asks at the caret and on a selection; the answers come as suggestions, AI-marked once accepted; recent instructions come back', async ({
  page,
  ai,
}) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Ctrl+J');
  const about = (r: { text: string }) => r.text.includes(intro);
  const removers = [
    ai.fake.answer((r) => about(r) && r.text.includes(FERRY) && /to go at the cursor/.test(r.text), 'The ferry is the town’s only road to the mainland.'),
    ai.fake.answer((r) => about(r) && r.text.includes(VERB) && r.text.includes('<selection>sat</selection>'), 'perched'),
  ];
  try {
    const fileId = await openDoc(page, ai.server, [intro, 'The cat sat on the mat.']);
    await caretAtEnd(page, intro);
    await page.keyboard.press('Control+j');
    await expect(field(page)).toBeFocused();
    await expect(field(page)).toHaveAttribute('placeholder', 'Ask AI to write…');
    // Under the caret's line.
    const line = (await page.getByTestId('editor').getByText(intro).boundingBox())!;
    expect((await prompt(page).boundingBox())!.y).toBeGreaterThan(line.y);
    // Shift+Enter is a new line in the instruction, not a send.
    await field(page).fill('draft');
    await page.keyboard.press('Shift+Enter');
    await expect(field(page)).toHaveValue('draft\n');
    await field(page).fill(FERRY);
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toHaveCount(0);

    const card = suggestionCard(page);
    await expect(card.getByRole('tab')).toHaveText(['Original', 'Added']);
    // The prompt opened over a suggestion: its Escape closes the prompt, not the suggestion.
    await page.keyboard.press('Control+j');
    await expect(field(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(prompt(page)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, 'The ferry is the town’s only road to the mainland.', 'The cat sat on the mat.']);
    await expect
      .poll(() => savedWithMarks(page, fileId))
      .toEqual([intro, '[ask]The ferry is the town’s only road to the mainland.', 'The cat sat on the mat.']);

    // With a selection the instruction applies to it, and replaces it. The last instruction is offered again.
    await selectText(page, 'sat');
    await page.keyboard.press('Control+j');
    await expect(recent(page)).toHaveText([FERRY]);
    await field(page).fill(VERB);
    await page.keyboard.press('Enter');
    await expect(card.getByRole('tab')).toHaveText(['Original', 'Modified']);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => paragraphs(page)).toEqual([intro, 'The ferry is the town’s only road to the mainland.', 'The cat perched on the mat.']);

    // Both come back, newest first; arrow keys pick one and Enter sends it (here the rewrite's own
    // answer, asked again at the caret: it is offered, then Escape puts the caret back in the text).
    await caretAtEnd(page, intro);
    await page.keyboard.press('Control+j');
    await expect(recent(page)).toHaveText([VERB, FERRY]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(recent(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(prompt(page)).toHaveCount(0);
    await expect(page.getByTestId('editor')).toBeFocused();
    await expect(card).toHaveCount(0);
  } finally {
    removers.forEach((remove) => remove());
  }
});

test('Space on an empty line opens the prompt; Escape while the answer streams stops it and leaves the text as it was', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Space');
  const remove = ai.fake.answer((r) => r.text.includes(intro) && r.text.includes('three options'), {
    kind: 'stream',
    chunks: ['Slowly ', 'the ', 'answer ', 'comes.'],
    intervalMs: 10_000,
  });
  try {
    const fileId = await openDoc(page, ai.server, [intro]);
    await caretAtEnd(page, intro);
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    await expect(field(page)).toBeFocused();
    // A second Space on the empty prompt closes it, and types nothing.
    await page.keyboard.press(' ');
    await expect(prompt(page)).toHaveCount(0);
    await expect.poll(() => paragraphs(page)).toEqual([intro, '']);

    await page.keyboard.press(' ');
    await field(page).fill('three options for the next line');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ai-stream')).toHaveText('Slowly');
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/cancel') && r.request().method() === 'POST');
    await page.keyboard.press('Escape');
    expect((await cancelled).status()).toBe(200);
    await expect(suggestionCard(page)).toHaveCount(0);
    await expect.poll(() => paragraphs(page)).toEqual([intro, '']);
    // Nothing kept to come back later, and the next Space still opens the prompt on that line.
    expect((await apiAnswer<{ responses: unknown[] }>(page, 'GET', `/background-responses/${fileId}`)).body.responses).toEqual([]);
    await page.keyboard.press(' ');
    await expect(field(page)).toBeFocused();
    // The '/' menu's 'Ask AI…' opens the same prompt, its '/ask' gone from the line.
    await page.keyboard.press('Escape');
    await page.keyboard.type('/ask');
    await expect(page.getByRole('option', { name: 'Ask AI…' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(field(page)).toBeFocused();
    await expect.poll(() => paragraphs(page)).toEqual([intro, '']);
  } finally {
    remove();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the prompt sits across the bottom of the screen and its answer fills the empty line', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const intro = uniqueIntro('Phone');
    const remove = ai.fake.answer((r) => r.text.includes(intro) && r.text.includes('one closing line'), 'And the ferry came home.');
    try {
      await openDoc(page, ai.server, [intro]);
      await caretAtEnd(page, intro);
      await page.keyboard.press('Enter');
      await page.keyboard.press(' ');
      await expect(field(page)).toBeFocused();
      const box = (await prompt(page).boundingBox())!;
      expect(box.width).toBeGreaterThan(375 - 24);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      await field(page).fill('one closing line');
      await prompt(page).getByRole('button', { name: 'Ask' }).tap();
      const card = suggestionCard(page);
      await card.getByRole('button', { name: 'Accept' }).tap();
      await expect.poll(() => paragraphs(page)).toEqual([intro, 'And the ferry came home.']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      remove();
    }
  });
});
