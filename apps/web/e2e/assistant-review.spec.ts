import type { Page } from '@playwright/test';
import { apiAnswer } from './fixtures/api';
import { test, expect, openDoc, paragraphs, selectParagraph, signUp, suggestionCard } from './fixtures/assistant';
import type { AiBree } from './fixtures/assistant';

/**
 * Reviewing a rewrite change by change (docs/ASSISTANT.md "Reviewing a rewrite"): a multi-sentence
 * Enhance shows as a word-level difference in the text; each change is accepted or rejected by
 * mouse or keyboard, or all at once; the saved text and the AI marks are exactly what was chosen.
 */

const PASSAGE = 'The ferry left late that morning. The town waited on the pier. Nobody spoke of the storm.';
const ENHANCED = 'The old ferry left late that morning. Everyone in town waited on the pier. Nobody spoke of the coming storm.';
/** The three changes diffWords finds: 'old ' added, 'The' → 'Everyone in', 'coming ' added. */
const INSERTED = ['old ', 'Everyone in', 'coming '];

const uniqueIntro = (label: string): string => `${label} review intro ${Date.now()}.`;

/** Answers this test's Enhance (found by its intro) with ENHANCED. */
function answerEnhance(ai: AiBree, intro: string): () => void {
  return ai.fake.answer((r) => r.text.includes(intro) && /Task: Polish the selected text/.test(r.text), ENHANCED);
}

async function enhancePassage(page: Page): Promise<void> {
  await selectParagraph(page, PASSAGE);
  await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
  await expect(suggestionCard(page).getByTestId('ai-review-status')).toHaveText('Change 1 of 3');
}

interface SavedText {
  text?: string;
  marks?: { type: string; attrs?: { operationId?: string; action?: string } }[];
}

/** The saved document's runs of AI-marked text (with their action), in order. */
async function savedAiRuns(page: Page, fileId: string): Promise<{ text: string; action?: string }[]> {
  const answer = await apiAnswer<{ file: { content: { content?: { content?: SavedText[] }[] } } }>(page, 'POST', '/files/get', { fileId });
  expect(answer.status).toBe(200);
  const out: { text: string; action?: string }[] = [];
  for (const block of answer.body.file.content.content ?? []) {
    for (const run of block.content ?? []) {
      const mark = run.marks?.find((m) => m.type === 'aiProvenance');
      if (mark) out.push({ text: run.text ?? '', action: mark.attrs?.action });
    }
  }
  return out;
}

async function savedTexts(page: Page, fileId: string): Promise<string[]> {
  const answer = await apiAnswer<{ file: { content: { content?: { content?: SavedText[] }[] } } }>(page, 'POST', '/files/get', { fileId });
  return (answer.body.file.content.content ?? []).map((b) => (b.content ?? []).map((c) => c.text ?? '').join(''));
}

test('a multi-sentence Enhance reviewed change by change, by mouse and by keyboard, saves exactly the chosen words and marks', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Mixed');
  const remove = answerEnhance(ai, intro);
  try {
    const fileId = await openDoc(page, ai.server, [intro, PASSAGE]);
    const editor = page.getByTestId('editor');
    await enhancePassage(page);
    const card = suggestionCard(page);

    // The difference is inside the text: deletions struck through, insertions underlined, both named for screen readers.
    await expect(editor.locator('ins.bree-ai-ins')).toHaveText(INSERTED);
    const deleted = editor.locator('del.bree-ai-del');
    await expect(deleted).toHaveText(['The']);
    expect(await deleted.evaluate((el) => ({ line: getComputedStyle(el).textDecorationLine, said: getComputedStyle(el, '::before').content }))).toEqual({
      line: 'line-through',
      said: '" [deleted: "',
    });
    expect(
      await editor
        .locator('ins.bree-ai-ins')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe('underline');
    // The Original tab still shows the text as it was, and back.
    await card.getByRole('tab', { name: 'Original' }).click();
    await expect(editor.locator('ins.bree-ai-ins')).toHaveCount(0);
    await card.getByRole('tab', { name: 'Enhanced' }).click();
    await expect(editor.locator('ins.bree-ai-ins')).toHaveCount(3);

    // Keyboard: next and previous go round the changes, and say where they are.
    await page.keyboard.press('Alt+BracketRight');
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 2 of 3');
    await page.keyboard.press('Alt+BracketLeft');
    await page.keyboard.press('Alt+BracketLeft');
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 3 of 3');

    // Mouse: hovering a change makes it current, and its own button accepts it.
    await page.keyboard.press('Alt+BracketRight');
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 1 of 3');
    // (A point on its words: the box of its screen-reader text, hidden, is the element's first quad.)
    await editor.locator('ins.bree-ai-ins', { hasText: 'Everyone in' }).hover({ position: { x: 12, y: 10 } });
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 2 of 3');
    await page.getByTestId('ai-change-controls').getByRole('button', { name: 'Accept this change' }).click();
    await expect(editor.locator('ins.bree-ai-accepted')).toHaveText(['Everyone in']);
    await expect(deleted).toHaveCount(0);
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 3 of 3');
    await expect(card.getByTestId('ai-review-decided')).toHaveText('1 of 3 decided');
    // Keyboard: Alt+Shift+Enter rejects the third (the first is then current), Alt+Enter accepts it, which applies the review.
    await page.keyboard.press('Alt+Shift+Enter');
    await expect(editor.locator('ins.bree-ai-ins', { hasText: 'coming' })).toHaveCount(0);
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 1 of 3');
    await page.keyboard.press('Alt+Enter');
    await expect(card).toBeHidden();

    const chosen = 'The old ferry left late that morning. Everyone in town waited on the pier. Nobody spoke of the storm.';
    await expect.poll(() => paragraphs(page)).toEqual([intro, chosen]);
    await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, chosen]);
    // Only the accepted inserted words carry the AI mark.
    expect(await savedAiRuns(page, fileId)).toEqual([
      { text: 'old ', action: 'enhance' },
      { text: 'Everyone in', action: 'enhance' },
    ]);
    await page.reload();
    await expect(editor).toContainText(chosen);
    await expect(editor.locator('.bree-ai-text')).toHaveText(['old ', 'Everyone in']);
  } finally {
    remove();
  }
});

test('Accept all keeps the changes rejected before it; Reject all with nothing accepted leaves the text as it was', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('All');
  const remove = answerEnhance(ai, intro);
  try {
    const fileId = await openDoc(page, ai.server, [intro, PASSAGE]);
    const editor = page.getByTestId('editor');
    const card = suggestionCard(page);

    await enhancePassage(page);
    await page.getByTestId('ai-change-controls').getByRole('button', { name: 'Reject this change' }).click();
    await expect(card.getByTestId('ai-review-status')).toHaveText('Change 2 of 3');
    await card.getByRole('button', { name: 'Accept all' }).click();
    await expect(card).toBeHidden();
    const chosen = 'The ferry left late that morning. Everyone in town waited on the pier. Nobody spoke of the coming storm.';
    await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, chosen]);
    expect(await savedAiRuns(page, fileId)).toEqual([
      { text: 'Everyone in', action: 'enhance' },
      { text: 'coming ', action: 'enhance' },
    ]);

    // One Undo takes the whole review back; then every change rejected leaves the text exactly.
    await editor.getByText(intro).click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, PASSAGE]);
    const unchanged = await editor.innerHTML();
    await enhancePassage(page);
    await card.getByRole('button', { name: 'Reject all' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => editor.innerHTML()).toBe(unchanged);
    expect(await savedAiRuns(page, fileId)).toEqual([]);
  } finally {
    remove();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the review fits a 375 px screen: a change accepted by a tap, the rest rejected with Reject all', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const intro = uniqueIntro('Phone');
    const remove = answerEnhance(ai, intro);
    try {
      const fileId = await openDoc(page, ai.server, [intro, PASSAGE]);
      const editor = page.getByTestId('editor');
      await selectParagraph(page, PASSAGE);
      await page.getByTestId('ai-actions').getByRole('button', { name: 'Enhance' }).tap();
      const card = suggestionCard(page);
      await expect(card.getByTestId('ai-review-status')).toHaveText('Change 1 of 3');
      await expect(editor.locator('ins.bree-ai-ins')).toHaveText(INSERTED);

      const controls = page.getByTestId('ai-change-controls');
      const box = (await controls.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      for (const name of ['Reject all', 'Accept all']) {
        const button = (await card.getByRole('button', { name }).boundingBox())!;
        expect(button.x + button.width).toBeLessThanOrEqual(375);
        expect(button.y + button.height).toBeLessThanOrEqual(740);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await controls.getByRole('button', { name: 'Accept this change' }).tap();
      await expect(card.getByTestId('ai-review-status')).toHaveText('Change 2 of 3');
      await card.getByRole('button', { name: 'Reject all' }).tap();
      await expect(card).toBeHidden();
      const chosen = 'The old ferry left late that morning. The town waited on the pier. Nobody spoke of the storm.';
      await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, chosen]);
      expect(await savedAiRuns(page, fileId)).toEqual([{ text: 'old ', action: 'enhance' }]);
    } finally {
      remove();
    }
  });
});
