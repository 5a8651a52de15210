import type { Page } from '@playwright/test';
import {
  test,
  expect,
  ORIGINAL,
  caretAtEnd,
  openDoc,
  paragraphs,
  requestsAbout,
  runFromAssistantMenu,
  selectParagraph,
  signUp,
  suggestionCard,
} from './fixtures/assistant';
import type { AiBree } from './fixtures/assistant';

/** What the fake writes for each action, told apart by the task line of the action's system prompt. */
const SHRUNK = ['Short draft.'];
const EXPANDED = ['A much longer draft sentence.', 'With a second paragraph of depth.'];
const ADDED = ['Added paragraph one.', 'Added paragraph two.'];
const FILLED_PARAGRAPH = 'A bridging paragraph.';
const FILLED_SENTENCE = 'A generated closing sentence.';
const TASKS = {
  shrink: /Task: Condense/,
  expand: /Task: Expand/,
  addContent: /Task: Write one to three new paragraphs/,
  fillParagraph: /Task: Write exactly one paragraph/,
  fillSentence: /Task: Write exactly one sentence/,
};

let removeAnswers: (() => void)[] = [];
test.beforeEach(({ ai }) => {
  removeAnswers = [
    ai.fake.answer(TASKS.shrink, SHRUNK.join('\n\n')),
    ai.fake.answer(TASKS.expand, EXPANDED.join('\n\n')),
    ai.fake.answer(TASKS.addContent, ADDED.join('\n\n')),
    ai.fake.answer(TASKS.fillParagraph, FILLED_PARAGRAPH),
    ai.fake.answer(TASKS.fillSentence, FILLED_SENTENCE),
  ];
});
test.afterEach(() => removeAnswers.forEach((remove) => remove()));

/** A first paragraph no other test uses, so the fake's requests for this test can be found by it. */
const uniqueIntro = (label: string): string => `${label} intro ${Date.now()}.`;

/** The latest request whose prompt carries `intro`, after checking that exactly `count` do. */
function onlyRequest(ai: AiBree, intro: string, count = 1) {
  const found = requestsAbout(ai.fake, intro);
  expect(found).toHaveLength(count);
  return found.at(-1)!;
}

/** Clicks into the editor (on `text`) and undoes once with the keyboard. */
async function undoOnce(page: Page, text: string): Promise<void> {
  await page.getByTestId('editor').getByText(text).click();
  await page.keyboard.press('ControlOrMeta+z');
}

for (const { action, result, task } of [
  { action: 'Shrink', result: SHRUNK, task: TASKS.shrink },
  { action: 'Expand', result: EXPANDED, task: TASKS.expand },
] as const) {
  test(`${action} on a selection: Original/Enhanced tabs, Accept undone by one Undo, Reject leaves it exact`, async ({ page, ai }) => {
    await signUp(page, ai.server);
    const intro = uniqueIntro(action);
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    const editor = page.getByTestId('editor');
    const before = await editor.innerHTML();

    await selectParagraph(page);
    await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: action }).click();
    const card = suggestionCard(page);
    // docs/PRODUCT.md#assistant: the tabs are Original and Enhanced (Modified only for Modify).
    await expect(card.getByRole('tab')).toHaveText(['Original', 'Enhanced']);
    await expect(card.getByRole('tab', { name: 'Enhanced' })).toHaveAttribute('aria-selected', 'true');
    for (const text of result) await expect(editor.getByText(text)).toBeVisible();
    await expect(editor.getByText(ORIGINAL)).toBeHidden();
    // While it is open the selection actions step aside, and the card leaves the new text readable.
    await expect(page.getByRole('toolbar', { name: 'Assistant actions' })).toBeHidden();
    const preview = (await editor.getByTestId('ai-preview').boundingBox())!;
    await expect.poll(async () => (await card.boundingBox())!.y).toBeGreaterThanOrEqual(preview.y + preview.height);

    await card.getByRole('tab', { name: 'Original' }).click();
    await expect(editor.getByText(ORIGINAL)).toBeVisible();
    for (const text of result) await expect(editor.getByText(text)).toHaveCount(0);
    await card.getByRole('tab', { name: 'Enhanced' }).click();
    for (const text of result) await expect(editor.getByText(text)).toBeVisible();
    await expect(editor.getByText(ORIGINAL)).toBeHidden();

    const request = onlyRequest(ai, intro);
    expect(request.text).toMatch(task);
    // The whole paragraph is selected: it is the text to rewrite, with nothing around it.
    expect(request.text).toContain(`<paragraph>\n<selection>${ORIGINAL}</selection>\n</paragraph>`);

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, ...result]);

    await undoOnce(page, intro);
    await expect.poll(() => editor.innerHTML()).toBe(before);

    await selectParagraph(page);
    await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: action }).click();
    await expect(editor.getByTestId('ai-preview')).toHaveText(result.join(''));
    await card.getByRole('button', { name: 'Reject' }).click();
    await expect(card).toBeHidden();
    expect(await editor.innerHTML()).toBe(before);
    onlyRequest(ai, intro, 2);
  });
}

test('Add Content at the caret: new paragraphs after it as a suggestion, Accept, one Undo removes them', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Add');
  await openDoc(page, ai.server, [intro, ORIGINAL]);
  const editor = page.getByTestId('editor');
  const before = await editor.innerHTML();

  await caretAtEnd(page, intro);
  // Nothing is selected, so the selection actions stay away; the toolbar's menu offers the insertions.
  await expect(page.getByRole('toolbar', { name: 'Assistant actions' })).toBeHidden();
  await runFromAssistantMenu(page, 'Add Content');
  const card = suggestionCard(page);
  // An insertion changes nothing that was there: its tabs are Original and Added.
  await expect(card.getByRole('tab')).toHaveText(['Original', 'Added']);
  await expect(editor.getByTestId('ai-preview')).toHaveText(ADDED.join(''));
  await card.getByRole('tab', { name: 'Original' }).click();
  await expect(editor.getByTestId('ai-preview')).toHaveCount(0);
  await expect.poll(() => paragraphs(page)).toEqual([intro, ORIGINAL]);
  await card.getByRole('tab', { name: 'Added' }).click();

  const request = onlyRequest(ai, intro);
  expect(request.text).toMatch(TASKS.addContent);
  expect(request.text).not.toMatch(TASKS.fillSentence);
  // The new paragraphs go after the caret's paragraph: it is text before them, not a selection.
  expect(request.text).toContain(`<before>\n${intro}\n</before>`);
  expect(request.text).toContain(`<selection>\n\n</selection>`);
  expect(request.text).toContain(`<after>\n${ORIGINAL}\n</after>`);

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => paragraphs(page)).toEqual([intro, ...ADDED, ORIGINAL]);
  await undoOnce(page, intro);
  await expect.poll(() => editor.innerHTML()).toBe(before);
});

test('Fill Paragraph fills the empty paragraph at the caret: Reject keeps the gap, Accept fills it, Undo empties it again', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Fill paragraph');
  await openDoc(page, ai.server, [intro, ORIGINAL]);
  const editor = page.getByTestId('editor');
  await caretAtEnd(page, intro);
  await page.keyboard.press('Enter');
  await expect.poll(() => paragraphs(page)).toEqual([intro, '', ORIGINAL]);
  const withGap = await editor.innerHTML();

  await runFromAssistantMenu(page, 'Fill Paragraph');
  const card = suggestionCard(page);
  await expect(editor.getByTestId('ai-preview')).toHaveText(FILLED_PARAGRAPH);
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toBeHidden();
  expect(await editor.innerHTML()).toBe(withGap);

  const request = onlyRequest(ai, intro);
  expect(request.text).toMatch(TASKS.fillParagraph);
  expect(request.text).toContain(`<before>\n${intro}\n</before>`);
  expect(request.text).toContain(`<after>\n${ORIGINAL}\n</after>`);

  await runFromAssistantMenu(page, 'Fill Paragraph');
  await expect(card.getByRole('tab')).toHaveText(['Original', 'Added']);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => paragraphs(page)).toEqual([intro, FILLED_PARAGRAPH, ORIGINAL]);
  await undoOnce(page, intro);
  await expect.poll(() => editor.innerHTML()).toBe(withGap);
});

test('Fill Sentence completes the paragraph at the caret inline: Accept, then one Undo restores it', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = uniqueIntro('Fill sentence');
  await openDoc(page, ai.server, [intro, ORIGINAL]);
  const editor = page.getByTestId('editor');
  const before = await editor.innerHTML();

  await caretAtEnd(page, intro);
  await runFromAssistantMenu(page, 'Fill Sentence');
  const card = suggestionCard(page);
  await expect(card.getByRole('tab')).toHaveText(['Original', 'Added']);
  // Shown inside the paragraph, not as a block of its own.
  await expect(editor.locator('p', { hasText: intro }).locator('.bree-ai-suggested')).toHaveText(FILLED_SENTENCE);

  const request = onlyRequest(ai, intro);
  expect(request.text).toMatch(TASKS.fillSentence);
  expect(request.text).not.toMatch(TASKS.addContent);
  expect(request.text).toContain(`<before>\n${intro}\n</before>`);

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => paragraphs(page)).toEqual([`${intro} ${FILLED_SENTENCE}`, ORIGINAL]);
  await undoOnce(page, intro);
  await expect.poll(() => editor.innerHTML()).toBe(before);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a selection brings up the bottom sheet, not a bubble menu; Enhance from it and Accept', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const intro = uniqueIntro('Phone');
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    const sheet = page.getByTestId('ai-actions');
    await expect(sheet).toHaveCount(0);

    await selectParagraph(page);
    await expect(sheet).toBeVisible();
    // Pinned across the bottom of the screen, far below the selected paragraph (a bubble sits on it).
    const box = (await sheet.boundingBox())!;
    const selected = (await page.getByTestId('editor').getByText(ORIGINAL).boundingBox())!;
    expect(box.width).toBeGreaterThan(375 - 16);
    expect(box.y + box.height).toBeGreaterThan(740 - 100);
    expect(box.y).toBeGreaterThan(selected.y + selected.height + 100);

    await sheet.getByRole('button', { name: 'Enhance' }).tap();
    const card = suggestionCard(page);
    await expect(card.getByRole('tab')).toHaveText(['Original', 'Enhanced']);
    await expect(sheet).toHaveCount(0);
    await card.getByRole('button', { name: 'Accept' }).tap();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, 'Polished first paragraph.', 'Polished second paragraph.']);
    expect(onlyRequest(ai, intro).text).toMatch(/Task: Polish the selected text/);
  });
});

/** Profile menu → Default Bree Quality → `tier`, confirmed by its toast. */
async function setDefaultQuality(page: Page, tier: 'Fast' | 'Premium'): Promise<void> {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  const group = page.getByRole('radiogroup', { name: 'Default Bree Quality' });
  await group.getByRole('radio', { name: tier }).click();
  await expect(page.getByText(`AI Provider set to ${tier}`)).toBeVisible();
  await expect(group.getByRole('radio', { name: tier })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

/** Runs Enhance on the document's second paragraph and answers the model the fake was asked for. */
async function enhanceAndReadModel(page: Page, ai: AiBree, intro: string, count: number): Promise<string> {
  await selectParagraph(page);
  await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
  await expect(suggestionCard(page).getByRole('button', { name: 'Accept' })).toBeVisible();
  const request = onlyRequest(ai, intro, count);
  await suggestionCard(page).getByRole('button', { name: 'Reject' }).click();
  return `${request.protocol}:${request.model}`;
}

test('Default Bree Quality: Fast sends the next action to the fast model, Premium back to the premium one', async ({ page, ai }) => {
  await signUp(page, ai.server);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  // docs/PRODUCT.md#assistant: premium unless the stored preference is fast.
  await expect(page.getByRole('radiogroup', { name: 'Default Bree Quality' }).getByRole('radio', { name: 'Premium' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await setDefaultQuality(page, 'Fast');

  const intro = uniqueIntro('Quality');
  const fileId = await openDoc(page, ai.server, [intro, ORIGINAL]);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('This document follows your Default Bree Quality.')).toBeVisible();
  expect(await enhanceAndReadModel(page, ai, intro, 1)).toBe('openai:fake-fast');

  await page.goto(`${ai.server.url}/app`);
  await setDefaultQuality(page, 'Premium');
  await page.goto(`${ai.server.url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText(ORIGINAL);
  expect(await enhanceAndReadModel(page, ai, intro, 2)).toBe('anthropic:fake-premium');
});
