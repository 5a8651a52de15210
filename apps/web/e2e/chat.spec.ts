import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, INTRO, ORIGINAL, openDoc, paragraphs, selectParagraph, signUp } from './fixtures/assistant';
import { apiAnswer } from './fixtures/api';
import { removeDataDir, startBree } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): Another account asks for the conversation on purpose: the server answers 404.
test.use(allowConsoleErrors(failedLoad({ status: 404, path: '/api/chat/' })));

/** Opens the chat from the editor's toolbar. */
async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const dialog = page.getByTestId('chat-dialog');
  await expect(dialog.getByRole('heading', { name: 'Chat' })).toBeVisible();
  return dialog;
}

/** The reasons of the document's versions, newest first. */
async function versionReasons(page: Page, fileId: string): Promise<string[]> {
  const answer = await apiAnswer<{ versions: { reason: string }[] }>(page, 'GET', `/versions/list?fileId=${fileId}`);
  return answer.body.versions.map((v) => v.reason);
}

/** axe-core on the page as it is: nothing moderate or worse (as accessibility.spec.ts asks of every dialog). */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).disableRules(['region']).analyze();
  const blocking = violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.help}`);
  expect(blocking, `axe: violations with ${state}`).toEqual([]);
}

test.describe('chat about the document', () => {
  test('streams a reply token by token; Insert at cursor is one undo step after a version; a reload keeps the conversation', async ({ page, ai }) => {
    await signUp(page, ai.server);
    const fileId = await openDoc(page, ai.server);
    const editor = page.getByTestId('editor');
    // The caret at the end of the intro: the reply goes in there.
    await editor.getByText(INTRO).click();
    await page.keyboard.press('End');

    ai.fake.script({ kind: 'stream', chunks: ['Streamed ', 'summary ', 'of the draft.'], intervalMs: 250 });
    const dialog = await openChat(page);
    for (const starter of ['Summarise this', 'What is weak in this draft?', 'Suggest three titles']) {
      await expect(dialog.getByRole('button', { name: starter })).toBeVisible();
    }
    // Every text the reply shows on its way, recorded in the page: a reply arriving whole would show only one.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { replyTexts: string[] }).replyTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="chat-reply"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Summarise this' }).click();
    const reply = dialog.getByTestId('chat-reply');
    // Stop is offered while the reply is written.
    await expect(dialog.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(reply).toContainText('Streamed summary of the draft.');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeVisible();
    const texts = await page.evaluate(() => (window as unknown as { replyTexts: string[] }).replyTexts);
    expect(texts.some((t) => t.includes('Streamed') && !t.includes('of the draft.'))).toBe(true);
    expect(ai.fake.requests.at(-1)?.text).toContain(ORIGINAL);

    await reply.getByRole('button', { name: 'Insert at cursor' }).click();
    // Its own paragraph after the caret's, never glued to the text.
    await expect.poll(() => paragraphs(page)).toEqual([INTRO, 'Streamed summary of the draft.', ORIGINAL]);
    expect(await versionReasons(page, fileId)).toContain('before-ai');

    await editor.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor).not.toContainText('Streamed summary');
    await expect(editor).toContainText(INTRO);
    await expect(editor).toContainText(ORIGINAL);

    await page.reload();
    const again = await openChat(page);
    await expect(again.getByTestId('chat-question')).toHaveText(/Summarise this/);
    await expect(again.getByTestId('chat-reply')).toContainText('Streamed summary of the draft.');
  });

  test('Insert at cursor: with no caret after the last paragraph, then after the paragraph the caret is in, then in place of a selection', async ({
    page,
    ai,
  }) => {
    await signUp(page, ai.server);
    const title = 'The Harbour Chapter';
    const tide = 'The tide rose softly, and the boats turned on their ropes.';
    const edited = 'Edited again.';
    await openDoc(page, ai.server, [title, tide, edited]);
    const editor = page.getByTestId('editor');
    ai.fake.answer(/Write an ending/, 'Marigold evening.\n\nThe gulls slept.');
    const reply = ['Marigold evening.', 'The gulls slept.'];

    // Straight from opening the document, the caret never placed: the reply goes at the end, not into the title.
    const dialog = await openChat(page);
    await dialog.getByLabel('Message').fill('Write an ending');
    await page.keyboard.press('Enter');
    const answer = dialog.getByTestId('chat-reply');
    await expect(answer).toContainText('The gulls slept.');
    await answer.getByRole('button', { name: 'Insert at cursor' }).click();
    await expect.poll(() => paragraphs(page)).toEqual([title, tide, edited, ...reply]);
    // One Undo takes the whole reply back.
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => paragraphs(page)).toEqual([title, tide, edited]);

    // The caret in the middle of a sentence: the reply follows the whole paragraph.
    await editor.getByText(tide).click();
    await answer.getByRole('button', { name: 'Insert at cursor' }).click();
    await expect.poll(() => paragraphs(page)).toEqual([title, tide, ...reply, edited]);

    // Text selected: the reply takes its place.
    await selectParagraph(page, edited);
    await answer.getByRole('button', { name: 'Insert at cursor' }).click();
    await expect.poll(() => paragraphs(page)).toEqual([title, tide, ...reply, ...reply]);
    await expect(editor.locator('.bree-ai-text[data-ai-action="chat"]')).toHaveCount(4);
  });

  test('Replace selection puts the reply in place of the selected text, undone in one step', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    const editor = page.getByTestId('editor');
    ai.fake.answer(/Say it in fewer words/, 'Short draft.');
    await selectParagraph(page);
    const dialog = await openChat(page);
    await expect(dialog.getByText('About the selected text')).toBeVisible();
    // A fast writer types straight through and presses Enter.
    await dialog.getByLabel('Message').pressSequentially('Say it in fewer words');
    await page.keyboard.press('Enter');
    const reply = dialog.getByTestId('chat-reply');
    await expect(reply).toContainText('Short draft.');
    // The selection's actions left with the focus, though the selection stays (greyed) for the chat.
    await expect(page.getByRole('toolbar', { name: 'Assistant actions' })).toBeHidden();
    // The selection went to the model, not the whole document.
    expect(ai.fake.requests.at(-1)?.text).toMatch(/<selection>\nRough draft sentence here\.\n<\/selection>/);

    await reply.getByRole('button', { name: 'Replace selection' }).click();
    await expect(editor).toContainText('Short draft.');
    await expect(editor).not.toContainText(ORIGINAL);
    await expect(editor).toContainText(INTRO);
    // The reply's words carry the chat's provenance mark; the writer's text around them does not.
    await expect(editor.locator('.bree-ai-text[data-ai-action="chat"]')).toHaveText('Short draft.');
    await expect(editor.locator('.bree-ai-text')).toHaveCount(1);
    await editor.getByText('Short draft.').click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor).toContainText(ORIGINAL);
    await expect(editor).not.toContainText('Short draft.');
  });

  test('a stopped reply keeps what arrived, also after a reload; Clear empties the conversation', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    ai.fake.script({ kind: 'stream', chunks: ['The first words ', 'and then ', 'much more.'], intervalMs: 600 });
    const dialog = await openChat(page);
    await dialog.getByRole('button', { name: 'What is weak in this draft?' }).click();
    const reply = dialog.getByTestId('chat-reply');
    await expect(reply).toContainText('The first words');
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(reply).toContainText('Stopped');
    await expect(reply).not.toContainText('much more.');

    await page.reload();
    const again = await openChat(page);
    const stored = again.getByTestId('chat-reply');
    await expect(stored).toHaveAttribute('data-state', 'stopped');
    await expect(stored).toContainText('The first words');
    await expect(stored).not.toContainText('much more.');

    await again.getByRole('button', { name: 'Clear', exact: true }).click();
    await again.getByRole('button', { name: 'Clear conversation' }).click();
    await expect(again.getByRole('button', { name: 'Summarise this' })).toBeVisible();
    await expect(again.getByTestId('chat-reply')).toHaveCount(0);
  });

  test('another account never sees the conversation', async ({ page, browser, ai }) => {
    await signUp(page, ai.server);
    const fileId = await openDoc(page, ai.server);
    const dialog = await openChat(page);
    await dialog.getByRole('button', { name: 'Suggest three titles' }).click();
    await expect(dialog.getByTestId('chat-reply')).toContainText('Polished');

    const context = await browser.newContext();
    const other = await context.newPage();
    await signUp(other, ai.server);
    const answer = await apiAnswer<{ error: { code: string } }>(other, 'GET', `/chat/${fileId}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('file_not_found');
    await context.close();
  });

  test('on a phone the chat is a full-screen sheet', async ({ browser, ai }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    const dialog = await openChat(page);
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    await expectAccessible(page, 'the chat sheet');
    // Escape closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('the chat panel passes axe, empty, with a reply and while asking to clear; Escape closes it', async ({ page, ai }) => {
    await signUp(page, ai.server);
    await openDoc(page, ai.server);
    const dialog = await openChat(page);
    await expect(dialog.getByLabel('Message')).toBeFocused();
    await expectAccessible(page, 'the empty chat panel');
    await page.keyboard.type('Summarise this');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('chat-reply')).toContainText('Polished second paragraph.');
    await expectAccessible(page, 'a chat reply');
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectAccessible(page, 'the clear confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByTestId('chat-reply')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('with no AI provider, the chat icon says why before a click and opens nothing', async ({ page }) => {
  const server = await startBree();
  try {
    await signUp(page, server);
    await openDoc(page, server);
    const chat = page.getByRole('button', { name: 'Chat', exact: true });
    await expect(chat).toHaveAttribute('aria-disabled', 'true');
    await expect(chat).toHaveAccessibleDescription('AI is not set up on this server');
    // Reached by the keyboard, it says why; pressed, it opens nothing.
    await chat.focus();
    await expect(page.getByRole('tooltip', { name: 'AI is not set up on this server' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-dialog')).toHaveCount(0);
  } finally {
    await page.goto('about:blank'); // nothing the page loads later meets a stopped server
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
