import type { Locator, Page } from '@playwright/test';
import { test, expect, newAccount, openDoc, signUp, suggestionCard } from './fixtures/assistant';

/**
 * A new writer does everything with the keyboard alone: sign up from the landing page, create a
 * document, write and bold, run Enhance on a selection and accept it, then restore the text from
 * before the AI change in the version history. Locators only say what has focus and what shows.
 */

const FIRST = 'Morning fog over the harbour.';
const SECOND = 'The boats wait for the tide';
const POLISHED = 'A silver mist rests on the harbour.';

/** Presses Tab (or `key`, e.g. Shift+Tab) until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached by ${key} within ${max} presses`).toBeFocused();
}

/** The element that has focus is inside the editor's text. */
function editorHasFocus(page: Page): Promise<boolean> {
  return page.getByTestId('editor').evaluate((el) => el.contains(document.activeElement));
}

/** The text the editor itself (TipTap keeps its instance on the element) has selected. */
function editorSelectedText(page: Page): Promise<string> {
  return page.getByTestId('editor').evaluate((dom) => {
    const { state } = (
      dom as unknown as { editor: { state: { selection: { from: number; to: number }; doc: { textBetween(a: number, b: number, s: string): string } } } }
    ).editor;
    return state.doc.textBetween(state.selection.from, state.selection.to, '\n');
  });
}

test('a new writer signs up, writes, formats, enhances and restores a version without the mouse', async ({ page, ai }) => {
  test.slow(); // a whole first visit
  const account = newAccount('keys');
  const editor = page.getByTestId('editor');
  ai.fake.answer((request) => request.text.includes(FIRST), POLISHED);

  // Landing → 'Try Bree for free' → the server's Create account page → /app.
  await page.goto(`${ai.server.url}/`);
  const tryFree = page.getByRole('button', { name: 'Try Bree for free' });
  await tabTo(page, tryFree);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${ai.server.url}/app`);

  // A new document opens with the caret in its text.
  const create = page.getByRole('button', { name: 'Create new document' });
  await expect(create).toBeVisible();
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/[^/]+$/);
  await expect.poll(() => editorHasFocus(page)).toBe(true);

  // Two paragraphs, the last word made bold with Shift+Ctrl+ArrowLeft and Ctrl+B.
  await page.keyboard.type(FIRST);
  await page.keyboard.press('Enter');
  await page.keyboard.type(`${SECOND}.`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+Control+ArrowLeft');
  // The editor reads a selection the browser made on its next selectionchange: waited for.
  await expect.poll(() => editorSelectedText(page)).toBe('tide');
  await page.keyboard.press('Control+b');
  await expect(editor.locator('strong')).toHaveText('tide');
  await expect(editor.locator('p')).toHaveText([FIRST, `${SECOND}.`]);
  await expect(page.getByText(/^Saved/)).toBeVisible();

  // Enhance on the first paragraph: Alt+F10 moves focus into the selection's actions.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+End');
  await expect.poll(() => editorSelectedText(page)).toBe(FIRST);
  const actions = page.getByRole('toolbar', { name: 'Assistant actions' });
  await expect(actions).toBeVisible();
  await page.keyboard.press('Alt+F10');
  const enhance = actions.getByRole('button', { name: 'Enhance' });
  await expect(enhance).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(actions.getByRole('button', { name: 'Modify' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(enhance).toBeFocused();
  // Escape goes back to the text with the selection kept; Alt+F10 comes back.
  await page.keyboard.press('Escape');
  await expect.poll(() => editorHasFocus(page)).toBe(true);
  await expect.poll(() => editorSelectedText(page)).toBe(FIRST);
  await page.keyboard.press('Alt+F10');
  await expect(enhance).toBeFocused();
  await page.keyboard.press('Enter');
  const accept = suggestionCard(page).getByRole('button', { name: 'Accept' });
  await expect(accept).toBeEnabled();
  await tabTo(page, accept);
  await page.keyboard.press('Enter');
  await expect(suggestionCard(page)).toBeHidden();
  await expect(editor.locator('p')).toHaveText([POLISHED, `${SECOND}.`]);
  await expect.poll(() => editorHasFocus(page)).toBe(true);

  // The toolbar's Assistant menu opens with ArrowDown; Escape gives focus back to its button.
  const assistant = page.getByRole('button', { name: 'Assistant', exact: true });
  await tabTo(page, assistant, 40, 'Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Add Content' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(assistant).toBeFocused();

  // History: the version from before the AI change, previewed and restored.
  const historyTab = page.getByRole('tab', { name: 'History' });
  await tabTo(page, historyTab);
  await page.keyboard.press('Enter');
  await expect(historyTab).toHaveAttribute('aria-selected', 'true');
  const beforeAi = page.getByRole('button', { name: /Before an AI change/ });
  await tabTo(page, beforeAi);
  await page.keyboard.press('Space');
  await expect(beforeAi).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('version-preview')).toContainText(FIRST);
  const restore = page.getByTestId('version-pane').getByRole('button', { name: 'Restore', exact: true });
  await tabTo(page, restore);
  await page.keyboard.press('Enter');
  // Restore asks first; the dialog's own Restore is reached by Tab.
  const confirm = page.getByRole('dialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore', exact: true });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(editor.locator('p')).toHaveText([FIRST, `${SECOND}.`]);
  await expect(editor.locator('strong')).toHaveText('tide');
});

test('toolbar tooltips name their keys, and Ctrl+/ lists every shortcut from the same table', async ({ page, ai }) => {
  await signUp(page, ai.server);
  await openDoc(page, ai.server, ['Tide tables for the week.']);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting toolbar' });
  const keys: Record<string, string> = {
    Bold: 'Ctrl+B',
    Italic: 'Ctrl+I',
    Underline: 'Ctrl+U',
    Strikethrough: 'Ctrl+Shift+S',
    Code: 'Ctrl+E',
    Link: 'Ctrl+K',
    'Bullet list': 'Ctrl+Shift+8',
    'Ordered list': 'Ctrl+Shift+7',
    'Find and replace': 'Ctrl+F',
    Undo: 'Ctrl+Z',
    Redo: 'Ctrl+Shift+Z',
  };
  for (const [name, combo] of Object.entries(keys)) {
    const button = toolbar.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('title', `${name} (${combo})`);
  }

  // Ctrl+/ in the text opens the list (and types nothing); every tooltip's keys are in it.
  const editor = page.getByTestId('editor');
  await editor.getByText('Tide tables for the week.').click();
  await page.keyboard.press('Control+/');
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(list).toBeVisible();
  const keysOf = (label: string) =>
    list
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  for (const [name, combo] of Object.entries(keys)) await expect(keysOf(name)).toHaveText(name === 'Redo' ? `${combo} or Ctrl+Y` : combo);
  await expect(keysOf('Heading 2')).toHaveText('Ctrl+Alt+2');
  await expect(keysOf('Assistant actions on the selection')).toHaveText('Alt+F10');
  await expect(keysOf('Open, edit or remove the link at the caret')).toHaveText('Alt+F10');
  await expect(keysOf('Keyboard shortcuts')).toHaveText('Ctrl+/');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect.poll(() => editorHasFocus(page)).toBe(true);
  await expect(editor).toHaveText('Tide tables for the week.');

  // The list is not only for those who know the keys: the toolbar's last button opens it too.
  const listButton = toolbar.getByRole('button', { name: 'Keyboard shortcuts', exact: true });
  await expect(listButton).toHaveAttribute('title', 'Keyboard shortcuts (Ctrl+/)');
  await listButton.click();
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // A toolbar press keeps the caret in the text (as Bold does), so closing goes back to writing.
  await expect.poll(() => editorHasFocus(page)).toBe(true);
});
