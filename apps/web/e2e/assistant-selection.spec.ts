import type { Page } from '@playwright/test';
import {
  test,
  expect,
  ORIGINAL,
  caretAtEnd,
  editorSelection,
  openDoc,
  paragraphs,
  requestsAbout,
  runFromAssistantMenu,
  savedBlocks,
  savedTexts,
  selectText,
  signUp,
  suggestionCard,
} from './fixtures/assistant';
import type { AiBree } from './fixtures/assistant';

/** A first paragraph no other test uses, so the fake's requests for this test can be found by it. */
const uniqueIntro = (label: string): string => `${label} intro ${Date.now()}.`;

/** A paragraph long enough to wrap over several lines at the test's width, with `word` near its start. */
const LONG_TAIL =
  ' brown fox jumps over the lazy dog while the afternoon light slants across the meadow, and the farmer, who has seen this a hundred times before, keeps mending the fence without looking up from his work.';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes (one per line) of the first text node in the editor that contains `text`. */
async function textBoxes(page: Page, text: string): Promise<Box[]> {
  return page.getByTestId('editor').evaluate((dom, needle) => {
    const walker = document.createTreeWalker(dom, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n.textContent ?? '').indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + needle.length);
      return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
    }
    return [];
  }, text);
}

/** Checks that the suggestion card covers none of these texts (the rest of the paragraph, the next one). */
async function expectCardClearOf(page: Page, texts: string[]): Promise<void> {
  const card = suggestionCard(page);
  await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
  // Settled where it goes: under the paragraph, with the text after it moved down to make room.
  await expect
    .poll(async () => {
      const box = (await card.boundingBox())!;
      for (const text of texts) {
        const boxes = await textBoxes(page, text);
        if (boxes.length === 0) return `no ${text}`;
        if (boxes.some((b) => overlaps(b, box))) return `covers ${text}`;
      }
      return 'clear';
    })
    .toBe('clear');
  // And it is in view.
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Runs a selection action from the bubble menu. */
async function runOnSelection(page: Page, action: 'Enhance' | 'Shrink' | 'Expand'): Promise<void> {
  await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: action }).click();
}

/** The one request of this test (found by its unique intro). */
function onlyRequest(ai: AiBree, intro: string, count = 1) {
  const found = requestsAbout(ai.fake, intro);
  expect(found).toHaveLength(count);
  return found.at(-1)!;
}

let removeAnswers: (() => void)[] = [];
test.afterEach(() => {
  removeAnswers.forEach((remove) => remove());
  removeAnswers = [];
});

test('Enhance on one word rewrites that word only: the rest of the paragraph stays byte for byte, saved too; one Undo restores it', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Word');
  const paragraph = `The quick${LONG_TAIL}`;
  const after = 'The paragraph after stays where it is.';
  const fileId = await openDoc(page, ai.server, [intro, paragraph, after]);
  removeAnswers.push(ai.fake.answer((r) => r.text.includes(intro) && r.text.includes('<selection>quick</selection>'), 'swift'));
  const editor = page.getByTestId('editor');
  const before = await editor.innerHTML();
  const savedBefore = await savedBlocks(page, fileId);

  await selectText(page, 'quick');
  await runOnSelection(page, 'Enhance');
  const card = suggestionCard(page);
  await expect(card.getByRole('tab')).toHaveText(['Original', 'Enhanced']);
  // Shown in place: the word is swapped, the paragraph around it is there as it was.
  const shown = editor.locator('p', { hasText: 'brown fox' });
  await expect(shown).toHaveText(`The swift${LONG_TAIL}`, { useInnerText: true });
  await expect(editor.getByTestId('ai-preview')).toHaveText('swift');

  // The model was asked for the word, with its paragraph as context, not for the paragraph.
  const request = onlyRequest(ai, intro);
  expect(request.text).toContain(`<paragraph>\nThe <selection>quick</selection>${LONG_TAIL}\n</paragraph>`);
  expect(request.text).toMatch(/Answer with the replacement for the selected text alone/);
  expect(request.text).toContain(`<before>\n${intro}\n</before>`);
  expect(request.text).toContain(`<after>\n${after}\n</after>`);

  // The card leaves the rest of the paragraph and the next one readable.
  await expectCardClearOf(page, [LONG_TAIL.trim(), after]);

  await card.getByRole('tab', { name: 'Original' }).click();
  await expect(shown).toHaveText(paragraph, { useInnerText: true });
  await card.getByRole('tab', { name: 'Enhanced' }).click();

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => paragraphs(page)).toEqual([intro, `The swift${LONG_TAIL}`, after]);
  // Back in the text, right after the new word.
  await expect(editor).toBeFocused();
  expect(await editorSelection(page)).toMatchObject({ block: `The swift${LONG_TAIL}`, offset: 'The swift'.length });

  // What is saved: the other paragraphs untouched, this one changed in the selected word only.
  await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, `The swift${LONG_TAIL}`, after]);
  const saved = await savedBlocks(page, fileId);
  expect(saved[0]!.content).toEqual(savedBefore[0]!.content);
  expect(saved[2]!.content).toEqual(savedBefore[2]!.content);
  // The new word alone carries the AI's provenance mark (docs/PROVENANCE.md).
  expect(saved[1]!.content).toEqual([
    { type: 'text', text: 'The ' },
    { type: 'text', text: 'swift', marks: [{ type: 'aiProvenance', attrs: expect.objectContaining({ action: 'enhance' }) }] },
    { type: 'text', text: LONG_TAIL },
  ]);

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editor.innerHTML()).toBe(before);
  await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, paragraph, after]);
});

test('Shrink on a sentence in the middle of a paragraph: Reject and Accept both put the caret back in the text', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Sentence');
  const first = 'The first sentence stays as written.';
  const middle = 'This middle sentence is far too long and rambles on for no good reason at all.';
  const last = 'The last sentence stays as well.';
  const paragraph = `${first} ${middle} ${last}`;
  const next = 'Next paragraph, also untouched.';
  const fileId = await openDoc(page, ai.server, [intro, paragraph, next]);
  removeAnswers.push(ai.fake.answer((r) => r.text.includes(intro), 'This middle sentence is short.'));
  const editor = page.getByTestId('editor');
  const before = await editor.innerHTML();

  await selectText(page, middle);
  await runOnSelection(page, 'Shrink');
  const card = suggestionCard(page);
  await expect(card.getByRole('button', { name: 'Reject' })).toBeVisible();
  const request = onlyRequest(ai, intro);
  expect(request.text).toContain(`<paragraph>\n${first} <selection>${middle}</selection> ${last}\n</paragraph>`);
  await expectCardClearOf(page, [` ${last}`, next]);

  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toBeHidden();
  expect(await editor.innerHTML()).toBe(before);
  await expect(editor).toBeFocused();
  expect(await editorSelection(page)).toMatchObject({ block: paragraph, offset: `${first} ${middle}`.length });

  await selectText(page, middle);
  await runOnSelection(page, 'Shrink');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  const shrunk = `${first} This middle sentence is short. ${last}`;
  await expect.poll(() => paragraphs(page)).toEqual([intro, shrunk, next]);
  await expect(editor).toBeFocused();
  expect(await editorSelection(page)).toMatchObject({ block: shrunk, offset: `${first} This middle sentence is short.`.length });
  await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, shrunk, next]);

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editor.innerHTML()).toBe(before);
});

test('a selection across two paragraphs rewrites the selected part of each, and one Undo restores both', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Across');
  const one = 'Alpha keeps this part. Alpha changes from here.';
  const two = 'Beta changes up to here. Beta keeps this part.';
  const fileId = await openDoc(page, ai.server, [intro, one, two]);
  removeAnswers.push(ai.fake.answer((r) => r.text.includes(intro), 'Alpha ends anew.\n\nBeta starts anew.'));
  const editor = page.getByTestId('editor');
  const before = await editor.innerHTML();

  await selectText(page, 'Alpha changes', 'up to here.');
  await runOnSelection(page, 'Enhance');
  const card = suggestionCard(page);
  await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
  const request = onlyRequest(ai, intro);
  expect(request.text).toContain('<paragraph>\nAlpha keeps this part. <selection>Alpha changes from here.</selection>\n</paragraph>');
  expect(request.text).toContain('<paragraph>\n<selection>Beta changes up to here.</selection> Beta keeps this part.\n</paragraph>');
  expect(request.text).toMatch(/Answer with exactly 2 replacements/);
  // Two sentences replaced: each paragraph shows its own change word by word, the rest as it was,
  // and Accept all takes both (docs/ASSISTANT.md "Reviewing a rewrite").
  await expect(card.getByTestId('ai-review-status')).toHaveText('Change 1 of 2');
  await expect(editor.locator('p', { hasText: 'Alpha keeps' }).locator('ins.bree-ai-ins')).toHaveText('ends anew');
  await expect(editor.locator('p', { hasText: 'Alpha keeps' }).locator('del.bree-ai-del')).toContainText('changes from here');
  await expect(editor.locator('p', { hasText: 'Beta keeps' }).locator('ins.bree-ai-ins')).toHaveText('starts anew');

  await card.getByRole('button', { name: 'Accept all' }).click();
  await expect(card).toBeHidden();
  const rewritten = [intro, 'Alpha keeps this part. Alpha ends anew.', 'Beta starts anew. Beta keeps this part.'];
  await expect.poll(() => paragraphs(page)).toEqual(rewritten);
  await expect(editor).toBeFocused();
  await expect.poll(() => savedTexts(page, fileId)).toEqual(rewritten);

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editor.innerHTML()).toBe(before);
  await expect.poll(() => savedTexts(page, fileId)).toEqual([intro, one, two]);
});

test('Add Content on an empty line fills that line, with Original / Added tabs', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Empty line');
  const added = ['Added on the empty line.', 'And a second added paragraph.'];
  await openDoc(page, ai.server, [intro, ORIGINAL]);
  removeAnswers.push(ai.fake.answer((r) => r.text.includes(intro) && /Task: Write one to three new paragraphs/.test(r.text), added.join('\n\n')));
  const editor = page.getByTestId('editor');
  await caretAtEnd(page, intro);
  await page.keyboard.press('Enter');
  await expect.poll(() => paragraphs(page)).toEqual([intro, '', ORIGINAL]);
  const withLine = await editor.innerHTML();

  await runFromAssistantMenu(page, 'Add Content');
  const card = suggestionCard(page);
  await expect(card.getByRole('tab')).toHaveText(['Original', 'Added']);
  await expect(editor.getByTestId('ai-preview')).toHaveText(added.join(''));
  // The empty line is where the text goes: it is not kept above the new paragraphs.
  await expect.poll(() => paragraphs(page)).toEqual([intro, added.join(''), ORIGINAL]);
  const request = onlyRequest(ai, intro);
  expect(request.text).toContain(`<before>\n${intro}\n</before>`);
  expect(request.text).toContain(`<after>\n${ORIGINAL}\n</after>`);

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => paragraphs(page)).toEqual([intro, ...added, ORIGINAL]);
  await expect(editor).toBeFocused();
  expect(await editorSelection(page)).toMatchObject({ block: added[1], offset: added[1]!.length });

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editor.innerHTML()).toBe(withLine);
});
