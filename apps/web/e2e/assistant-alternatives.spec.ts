import type { Page } from '@playwright/test';
import type { FakeRequest } from '../../server/test/fakes/fake-ai-provider';
import { callApi } from './fixtures/api';
import {
  DRAFT,
  test,
  expect,
  openDoc,
  paragraphs,
  requestsAbout,
  savedTexts,
  selectParagraph,
  signUp,
  suggestionCard,
  type AiBree,
} from './fixtures/assistant';

/** Three versions, each told apart by the approach its prompt asks for (docs/ASSISTANT.md "Three versions at once"). */
const ALTERNATIVES = [
  'The draft was rough, and it needed careful work before the morning meeting.',
  'Before the meeting came, I knew my rough draft needed one more pass.',
  'Rough as it was, the draft would not survive the meeting without real work.',
] as const;

/** Answers each of the three versions of an Enhance of the document opening with `intro`, word by word, so they visibly stream together. */
function answerAlternatives(ai: AiBree, intro: string): () => void {
  const about = (r: FakeRequest) => r.text.includes(intro) && /Task: Polish the selected text/.test(r.text);
  const removers = ALTERNATIVES.map((text, i) =>
    ai.fake.answer((r) => about(r) && r.text.includes(`this is version ${i + 1} of 3`), {
      kind: 'stream',
      chunks: text.split(' ').map((word, w) => (w ? ` ${word}` : word)),
      intervalMs: 120,
    }),
  );
  // The one version Enhance writes first.
  removers.push(ai.fake.answer((r) => about(r) && !r.text.includes('of 3'), 'A single polished draft.'));
  return () => removers.forEach((remove) => remove());
}

/** Analyses the writer's voice over HTTP, so the cards show voice match scores. */
async function analyseVoice(page: Page, ai: AiBree): Promise<() => void> {
  const guide = ai.fake.answer(/Write the style guide for this author/, '- Plain sentences with a comma or two.');
  for (const [name, content] of [
    [
      'Morning',
      'The kettle sang before I was ready for it, and I stood at the window for a while. The rain walked across the field, slow and grey, the way it does in March.',
    ],
    [
      'North',
      'We drove north in the old car, and my sister counted sheep until she fell asleep. I kept driving, and the road went on under the lights for hours.',
    ],
  ]) {
    await callApi(page, 'POST', '/files/create', { filePath: `${name}.txt`, content, isRepository: true });
  }
  await callApi(page, 'POST', '/voice/analyze');
  await expect.poll(async () => (await callApi<{ stats: unknown }>(page, 'GET', '/voice/profile')).stats, { timeout: 20_000 }).toBeTruthy();
  return guide;
}

test("Show 3 versions: three cards stream at once with their scores; 'Use this version' applies the second, saved, one undo step; Reject discards all three", async ({
  page,
  ai,
}) => {
  await signUp(page, ai.server);
  const intro = `Side by side ${Date.now()}.`;
  const remove = answerAlternatives(ai, intro);
  const guide = await analyseVoice(page, ai);
  try {
    const calls = async () => (await callApi<{ premiumCalls: number }>(page, 'GET', '/usage/current')).premiumCalls;
    const before = await calls();
    const fileId = await openDoc(page, ai.server, [intro, DRAFT]);
    await selectParagraph(page, DRAFT);
    await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
    const card = suggestionCard(page);
    await expect(page.getByTestId('editor').getByTestId('ai-preview')).toHaveText('A single polished draft.');
    await card.getByRole('button', { name: 'Show 3 versions' }).click();

    const cards = card.getByTestId('ai-alternative');
    await expect(cards).toHaveCount(3);
    // At once: every card has some of its text while all three are still being written.
    await expect
      .poll(async () => {
        const busy = await cards.evaluateAll((els) =>
          els.map((el) => el.getAttribute('aria-busy') === 'true' && (el.querySelector('[data-testid="ai-alternative-text"]')?.textContent ?? '…') !== '…'),
        );
        return busy.every(Boolean);
      })
      .toBe(true);
    for (const [i, text] of ALTERNATIVES.entries()) {
      const version = card.getByRole('listitem', { name: `Version ${i + 1}` });
      await expect(version.getByTestId('ai-alternative-text')).toHaveText(text);
      await expect(version.getByTestId('voice-match')).toHaveText(/^Voice match \d{1,3} · original \d{1,3}$/);
    }
    // Side by side beside the text: the three cards sit in one column, inside the window.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(Math.abs(boxes[1]!.x - boxes[0]!.x)).toBeLessThan(2);

    await card.getByRole('listitem', { name: 'Version 2' }).getByRole('button', { name: 'Use this version' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, ALTERNATIVES[1]]);
    await expect.poll(() => savedTexts(page, fileId), { timeout: 15_000 }).toEqual([intro, ALTERNATIVES[1]]);
    // The AI's words are marked as its own (docs/PROVENANCE.md).
    await expect(page.getByTestId('editor').locator('.bree-ai-text')).toHaveText(ALTERNATIVES[1]);
    // One undo step restores the draft.
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => paragraphs(page)).toEqual([intro, DRAFT]);

    // Metered as three calls (plus the first Enhance), each asked for its own approach; no stored result is left.
    const asked = requestsAbout(ai.fake, intro);
    expect(asked.map((r) => /this is version (\d) of 3/.exec(r.text)?.[1] ?? 'first').sort()).toEqual(['1', '2', '3', 'first']);
    expect(await calls()).toBe(before + 4);
    const stored = async () => (await callApi<{ responses: unknown[] }>(page, 'GET', `/background-responses/${fileId}`)).responses;
    await expect.poll(stored).toEqual([]);

    // Reject while the three are still being written: they are followed to their end unseen and deleted.
    await selectParagraph(page, DRAFT);
    await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
    await card.getByRole('button', { name: 'Show 3 versions' }).click();
    await expect(cards.first()).toHaveAttribute('aria-busy', 'true');
    await card.getByRole('button', { name: 'Reject' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => calls(), { timeout: 15_000 }).toBe(before + 8);
    await expect.poll(stored, { timeout: 15_000 }).toEqual([]);
    expect(await paragraphs(page)).toEqual([intro, DRAFT]);
  } finally {
    guide();
    remove();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the three cards scroll sideways; 'Show in text' makes one the shown version, the pager reaches the others, Accept takes it", async ({ page, ai }) => {
    await signUp(page, ai.server);
    const intro = `Phone side by side ${Date.now()}.`;
    const remove = answerAlternatives(ai, intro);
    try {
      const fileId = await openDoc(page, ai.server, [intro, DRAFT]);
      await selectParagraph(page, DRAFT);
      await page.getByTestId('ai-actions').getByRole('button', { name: 'Enhance' }).tap();
      const card = suggestionCard(page);
      await card.getByRole('button', { name: 'Show 3 versions' }).tap();
      const cards = card.getByTestId('ai-alternative');
      await expect(cards).toHaveCount(3);
      for (const [i, text] of ALTERNATIVES.entries()) await expect(cards.nth(i).getByTestId('ai-alternative-text')).toHaveText(text);
      // A row: the second card starts to the right of the first, and the page itself does not scroll sideways.
      const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await cards.nth(2).scrollIntoViewIfNeeded();
      await cards.nth(2).getByRole('button', { name: 'Show in text' }).tap();
      await expect(card.getByTestId('ai-version')).toHaveText('3 of 3');
      const preview = page.getByTestId('editor').getByTestId('ai-preview');
      await expect(preview).toHaveText(ALTERNATIVES[2]);
      await card.getByRole('button', { name: 'Previous version' }).tap();
      await expect(card.getByTestId('ai-version')).toHaveText('2 of 3');
      await expect(preview).toHaveText(ALTERNATIVES[1]);
      await card.getByRole('button', { name: 'Previous version' }).tap();
      await expect(preview).toHaveText(ALTERNATIVES[0]);
      await card.getByRole('button', { name: 'Accept' }).tap();
      await expect(card).toBeHidden();
      await expect.poll(() => savedTexts(page, fileId), { timeout: 15_000 }).toEqual([intro, ALTERNATIVES[0]]);
    } finally {
      remove();
    }
  });
});
