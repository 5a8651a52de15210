import type { Locator, Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { apiAnswer, callApi } from './fixtures/api';

interface PMNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: PMNode[];
}

interface StoredFile {
  id: string;
  content: PMNode | string;
  metadata: { wordGoal?: number | null };
}

async function createDoc(page: Page, name: string, content: string): Promise<string> {
  const answer = await apiAnswer(page, 'POST', '/files/create', { filePath: `${name}.txt`, content });
  expect(answer.status).toBe(200);
  return (answer.body.file as { id: string }).id;
}

async function serverFile(page: Page, fileId: string): Promise<StoredFile> {
  return (await callApi<{ file: StoredFile }>(page, 'POST', '/files/get', { fileId })).file;
}

function textNodes(node: PMNode | string): PMNode[] {
  if (typeof node === 'string') return [];
  if (node.type === 'text') return [node];
  return (node.content ?? []).flatMap(textNodes);
}

/** The saved document's links: [text, href] pairs, in order. */
async function savedLinks(page: Page, fileId: string): Promise<[string, string][]> {
  const file = await serverFile(page, fileId);
  return textNodes(file.content).flatMap((n) => {
    const link = n.marks?.find((m) => m.type === 'link');
    return link ? [[n.text ?? '', String(link.attrs?.href)] as [string, string]] : [];
  });
}

/** The saved document's top-level blocks as 'type[:level] text'. */
async function savedBlocks(page: Page, fileId: string): Promise<string[]> {
  const file = await serverFile(page, fileId);
  if (typeof file.content === 'string') return [file.content];
  return (file.content.content ?? []).map((b) => {
    const text = textNodes(b)
      .map((n) => n.text)
      .join('');
    return b.type === 'heading' ? `heading:${String(b.attrs?.level)} ${text}` : `${b.type} ${text}`;
  });
}

async function savedText(page: Page, fileId: string): Promise<string> {
  const file = await serverFile(page, fileId);
  return textNodes(file.content)
    .map((n) => n.text)
    .join('');
}

/** Selects the first occurrence of `text` in the editor, as a user's drag would. */
async function selectText(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId('editor');
  await editor.focus();
  await editor.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
  // ProseMirror reads the DOM selection on selectionchange.
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(text);
}

/** How many pixels of an empty field's placeholder the field cuts off (0 or less: it shows whole). */
async function placeholderOverflow(input: Locator): Promise<number> {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.placeholder).width - room;
  });
}

/** Fails the test on any browser dialog (prompt, alert, confirm): none may be used. */
function forbidDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

const status = (page: Page) => page.getByTestId('save-status').first();

async function openDoc(page: Page, url: string, fileId: string, text: string): Promise<void> {
  await page.goto(`${url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText(text);
}

test.describe('editing', () => {
  test('Ctrl+K links the selection from a popover, and Escape goes back to the text', async ({ page, auth, bree }) => {
    const dialogs = forbidDialogs(page);
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Linked', 'Read the guide today');
    await openDoc(page, bree.url, fileId, 'Read the guide today');

    // Escape closes the popover and the text has focus again.
    await selectText(page, 'guide');
    await page.keyboard.press('Control+k');
    const add = page.getByRole('dialog', { name: 'Add link' });
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Link address')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await expect(page.getByTestId('editor')).toBeFocused();

    // Other schemes are refused in the panel; a bare address gets https://.
    await page.keyboard.press('Control+k');
    await add.getByLabel('Link address').fill('javascript:alert(1)');
    await add.getByLabel('Link address').press('Enter');
    await expect(add.getByRole('alert')).toHaveText('Links must start with http://, https:// or mailto:');
    await add.getByLabel('Link address').fill('example.com/guide');
    await add.getByLabel('Link address').press('Enter');
    await expect(add).toBeHidden();
    await expect(page.getByTestId('editor')).toBeFocused();
    await expect(page.getByTestId('editor').getByRole('link', { name: 'guide' })).toHaveAttribute('href', 'https://example.com/guide');

    await expect.poll(() => savedLinks(page, fileId), { timeout: 10_000 }).toEqual([['guide', 'https://example.com/guide']]);
    expect(dialogs).toEqual([]);
  });

  test('the Link button inserts a link; the link popover opens, edits and removes it', async ({ page, auth, bree }) => {
    const dialogs = forbidDialogs(page);
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Link edits', 'Visit ');
    await openDoc(page, bree.url, fileId, 'Visit');
    const editor = page.getByTestId('editor');
    await editor.click();
    await page.keyboard.press('Control+End');

    // Nothing selected: the panel asks for the text to show as well.
    await page.getByRole('toolbar', { name: 'Formatting toolbar' }).getByRole('button', { name: 'Link' }).click();
    const add = page.getByRole('dialog', { name: 'Add link' });
    await add.getByLabel('Link address').fill('bree.example.org');
    await add.getByLabel('Text to show (optional)').fill('our site');
    await add.getByRole('button', { name: 'Apply' }).click();
    await expect(editor.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://bree.example.org');
    // Typing on after the new link is not part of it.
    await expect(editor).toBeFocused();
    await page.keyboard.type(' today');
    await expect(editor.getByRole('link', { name: 'our site' })).toHaveText('our site');
    await expect(editor).toContainText('Visit our site today');
    await expect.poll(() => savedLinks(page, fileId), { timeout: 10_000 }).toEqual([['our site', 'https://bree.example.org']]);

    // The cursor in the link: its address, Open (a new tab, no opener), Edit and Remove.
    await editor.getByRole('link', { name: 'our site' }).click();
    const info = page.getByRole('dialog', { name: 'Link' });
    await expect(info).toContainText('https://bree.example.org');
    const open = info.getByRole('link', { name: 'Open link in a new tab' });
    await expect(open).toHaveAttribute('href', 'https://bree.example.org');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    // The text keeps focus while the panel shows.
    await expect(editor).toBeFocused();

    await info.getByRole('button', { name: 'Edit link' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    await expect(edit.getByLabel('Link address')).toHaveValue('https://bree.example.org');
    await edit.getByLabel('Link address').fill('https://example.net/new');
    await edit.getByLabel('Link address').press('Enter');
    await expect(editor.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://example.net/new');
    await expect.poll(() => savedLinks(page, fileId), { timeout: 10_000 }).toEqual([['our site', 'https://example.net/new']]);

    // Escape hides the small panel; the cursor stays.
    await editor.getByRole('link', { name: 'our site' }).click();
    await expect(info).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
    await expect(editor).toBeFocused();

    await page.keyboard.press('ArrowLeft');
    await expect(info).toBeVisible();
    await info.getByRole('button', { name: 'Remove link' }).click();
    await expect(editor.getByRole('link')).toHaveCount(0);
    await expect(editor).toContainText('Visit our site today');
    await expect.poll(() => savedLinks(page, fileId), { timeout: 10_000 }).toEqual([]);
    expect(await savedText(page, fileId)).toBe('Visit our site today');

    // Ctrl+K in a link offers Remove too.
    await selectText(page, 'site');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Add link' }).getByLabel('Link address').fill('mailto:hello@example.com');
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'mailto:hello@example.com');
    await editor.getByRole('link', { name: 'site' }).click();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Edit link' }).getByRole('button', { name: 'Remove link' }).click();
    await expect(editor.getByRole('link')).toHaveCount(0);
    await expect(editor).toBeFocused();
    expect(dialogs).toEqual([]);
  });

  test('the link panel follows the caret into a link by click and arrow keys, Alt+F10 reaches its buttons; the selection actions leave with the focus', async ({
    page,
    auth,
    bree,
  }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Link panel', 'Visit our site today.\n\nAnother line.');
    await openDoc(page, bree.url, fileId, 'Another line.');
    const editor = page.getByTestId('editor');
    const info = page.getByRole('dialog', { name: 'Link' });
    const actions = page.getByRole('toolbar', { name: 'Assistant actions' });

    // A selection's actions go when focus moves to the side panel, and come back with the text.
    await selectText(page, 'site');
    await expect(actions).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(actions).toBeHidden();
    await selectText(page, 'site');
    await expect(actions).toBeVisible();
    // …and while the link's own panel has the focus. Its address field shows its whole example.
    await page.keyboard.press('Control+k');
    const add = page.getByRole('dialog', { name: 'Add link' });
    await expect(add.getByLabel('Link address')).toBeFocused();
    await expect(actions).toBeHidden();
    expect(await placeholderOverflow(add.getByLabel('Link address'))).toBeLessThanOrEqual(0);
    await add.getByLabel('Link address').fill('example.com');
    await page.keyboard.press('Enter');
    const link = editor.getByRole('link', { name: 'site' });
    await expect(link).toHaveAttribute('href', 'https://example.com');

    // A click in the link shows the panel; a click elsewhere hides it; the same click again shows it again.
    await link.click();
    await expect(info).toContainText('https://example.com');
    await editor.getByText('Visit our').click({ position: { x: 4, y: 8 } });
    await expect(info).toBeHidden();
    await link.click();
    await expect(info).toBeVisible();
    // Focus in the side panel hides it; back in the link it shows.
    await page.getByRole('tab', { name: 'Document' }).click();
    await expect(info).toBeHidden();
    await link.click();
    await expect(info).toBeVisible();

    // By the keyboard: the caret arrives in the link, Alt+F10 moves into the panel, arrows between its buttons.
    await page.keyboard.press('Home');
    await expect(info).toBeHidden();
    for (let i = 0; i < 'Visit our s'.length; i++) await page.keyboard.press('ArrowRight');
    await expect(info).toBeVisible();
    await page.keyboard.press('Alt+F10');
    await expect(info.getByRole('link', { name: 'Open link in a new tab' })).toBeFocused();
    await expect(info.getByRole('link', { name: 'Open link in a new tab' })).toHaveAttribute('rel', /noopener/);
    await page.keyboard.press('ArrowRight');
    await expect(info.getByRole('button', { name: 'Edit link' })).toBeFocused();
    // Escape hides it and puts the caret back where it was; the next arrow key brings it back.
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
    await expect(editor).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(info).toBeVisible();
    await page.keyboard.press('Alt+F10');
    await page.keyboard.press('ArrowLeft');
    await expect(info.getByRole('button', { name: 'Remove link' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(link).toHaveCount(0);
    await expect(info).toBeHidden();
    await expect(editor).toBeFocused();
    await expect.poll(() => savedLinks(page, fileId), { timeout: 10_000 }).toEqual([]);

    // On a phone the address field's example fits too.
    await page.setViewportSize({ width: 375, height: 740 });
    await selectText(page, 'site');
    await page.keyboard.press('Control+k');
    await expect(add.getByLabel('Link address')).toBeFocused();
    expect(await placeholderOverflow(add.getByLabel('Link address'))).toBeLessThanOrEqual(0);
    const box = await add.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  test('one text-style dropdown turns a paragraph into Heading 2 and back, by mouse and keyboard', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Styles', 'Title line\n\nBody text');
    await openDoc(page, bree.url, fileId, 'Body text');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting toolbar' });
    // One dropdown, not six buttons.
    for (const level of [1, 2, 3, 4, 5, 6]) await expect(toolbar.getByRole('button', { name: `Heading ${level}`, exact: true })).toHaveCount(0);

    await page.getByTestId('editor').getByText('Title line').click();
    const style = toolbar.getByRole('button', { name: /^Text style/ });
    await expect(style).toHaveAccessibleName('Text style: Normal text');
    await style.click();
    const menu = page.getByRole('menu', { name: 'Text style' });
    await expect(menu.getByRole('menuitemradio', { name: 'Normal text' })).toHaveAttribute('aria-checked', 'true');
    // Normal text, Heading 1–6 and Code block; Divider is an item of its own after them.
    await expect(menu.getByRole('menuitemradio')).toHaveCount(8);
    await expect(menu.getByRole('menuitem', { name: 'Divider' })).toBeVisible();
    await menu.getByRole('menuitemradio', { name: 'Heading 2' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('editor').locator('h2')).toHaveText('Title line');
    await expect(style).toHaveAccessibleName('Text style: Heading 2');
    await expect(page.getByTestId('editor')).toBeFocused();
    await expect.poll(() => savedBlocks(page, fileId), { timeout: 10_000 }).toEqual(['heading:2 Title line', 'paragraph Body text']);

    // Keyboard: the button opens the menu, arrows move, Enter chooses; focus goes back to the text.
    await style.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Heading 2' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Home');
    await expect(menu.getByRole('menuitemradio', { name: 'Normal text' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('editor').locator('h2')).toHaveCount(0);
    await expect(style).toHaveAccessibleName('Text style: Normal text');
    await expect(page.getByTestId('editor')).toBeFocused();
    await expect.poll(() => savedBlocks(page, fileId), { timeout: 10_000 }).toEqual(['paragraph Title line', 'paragraph Body text']);

    // A code block is a style of the block too; a divider goes in at the caret.
    await style.click();
    await menu.getByRole('menuitemradio', { name: 'Code block' }).click();
    await expect(page.getByTestId('editor').locator('pre')).toHaveText('Title line');
    await expect(style).toHaveAccessibleName('Text style: Code block');
    await page.getByTestId('editor').getByText('Body text').click();
    await page.keyboard.press('End');
    await style.click();
    await menu.getByRole('menuitem', { name: 'Divider' }).click();
    await expect(page.getByTestId('editor').locator('hr')).toHaveCount(1);
  });

  test('Ctrl+F finds in the document: count, next/previous, replace one, replace all undone in one step', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const original = 'The cat sat. A cat ran. Cats nap.';
    const fileId = await createDoc(page, 'Cats', original);
    await openDoc(page, bree.url, fileId, original);
    const editor = page.getByTestId('editor');
    await editor.click();
    await page.keyboard.press('Control+Home');

    await page.keyboard.press('Control+f');
    const bar = page.getByRole('search', { name: 'Find and replace' });
    const find = bar.getByRole('textbox', { name: 'Find in document' });
    const count = bar.getByRole('status');
    await expect(find).toBeFocused();
    await find.fill('cat');
    // Case-insensitive: 'Cats' counts.
    await expect(count).toHaveText('1 of 3');
    await expect(editor.locator('.bree-find-match')).toHaveCount(3);
    await expect(editor.locator('.bree-find-current')).toHaveText('cat');
    await find.press('Enter');
    await expect(count).toHaveText('2 of 3');
    await find.press('Enter');
    await expect(count).toHaveText('3 of 3');
    await expect(editor.locator('.bree-find-current')).toHaveText('Cat');
    await find.press('Enter');
    await expect(count).toHaveText('1 of 3');
    await find.press('Shift+Enter');
    await expect(count).toHaveText('3 of 3');
    await bar.getByRole('button', { name: 'Next match' }).click();
    await expect(count).toHaveText('1 of 3');
    await bar.getByRole('button', { name: 'Previous match' }).click();
    await expect(count).toHaveText('3 of 3');

    // Match case narrows it down; off again, all three are back.
    await bar.getByRole('button', { name: 'Match case' }).click();
    await expect(count).toHaveText('1 of 2');
    await bar.getByRole('button', { name: 'Match case' }).click();
    await expect(count).toHaveText(/of 3$/);

    // Matches follow the text while typing in the document.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' One more cat.');
    await expect(count).toHaveText(/ of 4$/);
    await expect(editor.locator('.bree-find-match')).toHaveCount(4);

    // Replace one: the current match, and the next becomes current.
    await find.fill('');
    await find.fill('cat');
    await expect(count).toHaveText('1 of 4');
    await bar.getByRole('textbox', { name: 'Replace with' }).fill('dog');
    await bar.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(editor).toContainText('The dog sat. A cat ran. Cats nap. One more cat.');
    await expect(count).toHaveText('1 of 3');
    await expect(editor.locator('.bree-find-current')).toHaveText('cat');
    const beforeAll = 'The dog sat. A cat ran. Cats nap. One more cat.';

    // Replace all in one step, and one Undo brings every match back.
    await bar.getByRole('button', { name: 'Replace all' }).click();
    await expect(editor).toContainText('The dog sat. A dog ran. dogs nap. One more dog.');
    await expect(count).toHaveText('Replaced 3 matches');
    await expect.poll(() => savedText(page, fileId), { timeout: 10_000 }).toBe('The dog sat. A dog ran. dogs nap. One more dog.');
    await page.keyboard.press('Control+z');
    await expect(editor).toContainText(beforeAll);
    await expect(page.getByTestId('editor').locator('p')).toHaveText([beforeAll]);
    await expect.poll(() => savedText(page, fileId), { timeout: 10_000 }).toBe(beforeAll);

    // Escape closes the bar, takes the highlights away and puts focus back in the text.
    await find.focus();
    await find.press('Escape');
    await expect(bar).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.locator('.bree-find-match')).toHaveCount(0);
    // The match that was current is selected, ready to type over.
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('cat');

    // A selection in one line becomes the query.
    await selectText(page, 'dog');
    await page.keyboard.press('Control+f');
    await expect(find).toHaveValue('dog');
    await expect(count).toHaveText('1 of 1');
    // Undo right after Replace all works from the bar itself, too.
    await bar.getByRole('textbox', { name: 'Replace with' }).fill('pup');
    await bar.getByRole('button', { name: 'Replace all' }).click();
    await expect(editor).toContainText('The pup sat.');
    await expect(bar.getByRole('button', { name: 'Replace all' })).toBeFocused();
    await page.keyboard.press('Control+z');
    await expect(editor).toContainText('The dog sat.');
  });

  test('a word goal shows a progress ring that follows the writing and survives a reload', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const fileId = await createDoc(page, 'Goal', 'one two three');
    await openDoc(page, bree.url, fileId, 'one two three');
    const panel = page.getByRole('complementary', { name: 'Document panel' });

    await panel.getByRole('button', { name: 'Set a word goal' }).click();
    const field = panel.getByLabel('Word goal for this document');
    await field.fill('0');
    await panel.getByRole('button', { name: 'Save goal' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Enter a whole number from 1 to 1,000,000.');
    await field.fill('1,000');
    await field.press('Enter');
    const ring = panel.getByRole('progressbar', { name: 'Word goal' });
    await expect(ring).toHaveAttribute('aria-valuetext', '3 of 1,000 words');
    await expect(panel.getByText('3 of 1,000 words')).toBeVisible();
    await expect.poll(async () => (await serverFile(page, fileId)).metadata.wordGoal).toBe(1000);

    const editor = page.getByTestId('editor');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' four five');
    await expect(ring).toHaveAttribute('aria-valuetext', '5 of 1,000 words');
    await expect(ring).toHaveAttribute('aria-valuenow', '5');
    await expect(status(page)).toHaveText(/^Saved/, { timeout: 10_000 });

    await page.reload();
    await expect(editor).toContainText('four five');
    await expect(ring).toHaveAttribute('aria-valuetext', '5 of 1,000 words');

    // A goal met says so; Remove takes it away for good.
    await panel.getByRole('button', { name: 'Change goal' }).click();
    await field.fill('5');
    await panel.getByRole('button', { name: 'Save goal' }).click();
    await expect(panel.getByText('Goal reached')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove goal' }).click();
    await expect(ring).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Set a word goal' })).toBeFocused();
    await expect.poll(async () => (await serverFile(page, fileId)).metadata.wordGoal ?? null).toBeNull();
    await page.reload();
    await expect(editor).toContainText('four five');
    await expect(panel.getByRole('button', { name: 'Set a word goal' })).toBeVisible();
    await expect(ring).toHaveCount(0);
  });
});
