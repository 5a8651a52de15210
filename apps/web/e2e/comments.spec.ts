import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { linkIn, startSmtpSink, type SmtpSink } from '../../server/test/fakes/smtp-sink';
import { apiAnswer } from './fixtures/api';
import { clickAfter, dragOver } from './fixtures/selection';
import { expect, newAccount, test, type Account } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';
import { signInOverHttp, signUpOverHttp } from './fixtures/session';

/**
 * Comments (issue 42 item 2, docs/COLLABORATION.md "Comments"), in two browsers on a Bree that mails:
 * a Commenter selects words and comments with an @mention, the owner gets the mail, opens the
 * document, sees the words marked, replies; the thread follows the words as the owner types before
 * them, says 'On deleted text' when its words go, counts in the list, and is resolved and reopened.
 */

const TEXT = 'The harbour wall holds the sea. Boats wait inside the bar.';
const OWNER = newAccount('comment-owner');
const GUEST = newAccount('comment-guest');
const PHONE_GUEST = newAccount('comment-phone');

let sink: SmtpSink;
let bree: BreeServer;

test.beforeAll(async ({ browser }) => {
  sink = await startSmtpSink();
  // Accounts made before Bree mails sign in without confirming their address (account.spec.ts does the same).
  const plain = await startBree();
  for (const account of [OWNER, GUEST, PHONE_GUEST]) {
    const context = await browser.newContext();
    await signUpOverHttp(await context.newPage(), plain.url, account);
    await context.close();
  }
  await plain.stop();
  bree = await startBree({ dataDir: plain.dataDir, port: plain.port, env: { SMTP_URL: sink.url, MAIL_FROM: 'Bree <no-reply@bree.test>' } });
});
test.afterAll(async () => {
  await bree?.stop();
  if (bree) removeDataDir(bree.dataDir);
  await sink?.close();
});

/** The window comes back into view: what it asks on focus, it asks at once. */
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

/** The owner's document, shared with `guest` as a Commenter through the mailed invitation, which the guest opens signed in. */
async function sharedWithCommenter(page: Page, browser: Browser, guest: Account, guestName: string, viewport?: { width: number; height: number }) {
  await signInOverHttp(page, bree.url, OWNER);
  expect((await apiAnswer(page, 'PUT', '/users/profile', { email: OWNER.email, name: 'Olive Owner' })).status).toBe(200);
  const name = `Harbour ${Date.now()}`;
  const fileId = ((await apiAnswer(page, 'POST', '/files/create', { filePath: name, content: TEXT })).body.file as { id: string }).id;
  // The owner has opened it once (its paragraphs have their ids).
  await page.goto(`${bree.url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText(TEXT);
  const invited = await apiAnswer(page, 'POST', '/grants/invite', { fileId, email: guest.email, role: 'commenter' });
  expect(invited.body.mailed).toBe(true);
  const invitation = () => sink.mails.find((m) => m.to.includes(guest.email) && m.subject.includes(name));
  await expect.poll(invitation, { timeout: 10_000 }).toBeTruthy();
  const context = await browser.newContext(viewport ? { viewport, hasTouch: true, isMobile: true } : {});
  const guestPage = await context.newPage();
  await signInOverHttp(guestPage, bree.url, guest);
  expect((await apiAnswer(guestPage, 'PUT', '/users/profile', { email: guest.email, name: guestName })).status).toBe(200);
  await guestPage.goto(linkIn(invitation()!));
  await expect(guestPage).toHaveURL(`${bree.url}/app/shared/${fileId}`);
  await expect(guestPage.getByTestId('shared-by')).toHaveText('Shared by Olive Owner · Commenter');
  // Suggesting mode has loaded (the text opens for typing then): a drag begun before it would be cut short when it does.
  await expect(guestPage.getByTestId('editor')).toHaveAttribute('contenteditable', 'true');
  return { fileId, name, guestPage, context };
}

test('a Commenter comments with a mention; the owner is mailed, replies, types around it, deletes its words, resolves and reopens', async ({
  page,
  browser,
}) => {
  const { fileId, name, guestPage: guest, context } = await sharedWithCommenter(page, browser, GUEST, 'Gus Guest');
  await expect(guest.getByText('You can comment and suggest edits (Commenter)', { exact: false })).toBeVisible();

  // Select words, Comment, mention the owner from the list.
  await dragOver(guest, 'harbour wall');
  await guest.getByTestId('comment-bubble').getByRole('button', { name: 'Comment' }).click();
  const draft = guest.getByTestId('new-comment');
  await expect(draft).toContainText('harbour wall');
  const box = draft.getByRole('textbox', { name: 'Comment' });
  await expect(box).toBeFocused();
  await box.pressSequentially('Is it tall enough, @Ol');
  await expect(guest.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: 'Olive Owner' })).toBeVisible();
  await box.press('Enter');
  await box.pressSequentially('please check.');
  await expect(box).toHaveValue('Is it tall enough, @Olive Owner please check.');
  await draft.getByRole('button', { name: 'Comment', exact: true }).click();
  // Commented on, the words no longer carry the 'Comment' bubble.
  await expect(guest.getByTestId('comment-bubble')).toBeHidden();
  const guestPanel = guest.getByRole('region', { name: 'Comments' });
  const guestThread = guestPanel.getByRole('article', { name: 'Comment by Gus Guest' });
  await expect(guestThread).toContainText('Gus Guest');
  await expect(guestThread).toContainText('Is it tall enough, @Olive Owner please check.');
  await expect(guest.locator('.bree-comment')).toHaveText('harbour wall');

  // The mention is mailed to the owner, with the way to the document.
  const mention = () => sink.mails.find((m) => m.to.includes(OWNER.email) && m.subject === `Gus Guest mentioned you in “${name}”`);
  await expect.poll(mention, { timeout: 10_000 }).toBeTruthy();
  expect(mention()!.text).toContain('Is it tall enough, @Olive Owner please check.');

  // The list counts the open thread.
  await page.goto(`${bree.url}/app`);
  await expect(page.getByRole('listitem').filter({ hasText: name }).getByTestId('comment-count')).toHaveText('1 open comment');

  // The owner follows the mail's link: the words are marked, the thread is in the panel, and they reply.
  await page.goto(linkIn(mention()!));
  await expect(page.locator('.bree-comment')).toHaveText('harbour wall');
  await page.getByRole('button', { name: 'Comments, 1 open' }).click();
  const panel = page.getByRole('region', { name: 'Comments' });
  const thread = panel.getByTestId('comment-thread');
  await expect(thread).toContainText('Is it tall enough, @Olive Owner please check.');
  await thread.getByRole('textbox', { name: 'Reply' }).fill('Four metres, the east end.');
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread).toContainText('Olive Owner');
  await expect(thread).toContainText('Four metres, the east end.');
  // The guest's window hears the reply when it comes back into view.
  await expect(async () => {
    await backToTab(guest);
    await expect(guestThread).toContainText('Four metres, the east end.', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Typing before the words moves the thread with them, saved for everyone.
  const text = page.getByTestId('editor');
  await text.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Old. ');
  await expect(page.locator('.bree-comment')).toHaveText('harbour wall');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
  await expect
    .poll(async () => ((await apiAnswer(page, 'GET', `/comments/list/${fileId}`)).body.threads as { anchor: { start: number } }[])[0]?.anchor.start)
    .toBe(9);
  await page.reload();
  await expect(page.locator('.bree-comment')).toHaveText('harbour wall');

  // A second thread, the owner's own, on words the owner then deletes: it stays, 'On deleted text'.
  await dragOver(page, 'Boats');
  await page.getByTestId('ai-actions').getByRole('button', { name: 'Comment' }).click();
  const ownDraft = page.getByTestId('new-comment');
  await ownDraft.getByRole('textbox', { name: 'Comment' }).fill('Name the boats?');
  await ownDraft.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.locator('.bree-comment').filter({ hasText: 'Boats' })).toHaveCount(1);
  await dragOver(page, 'Boats');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('editor')).not.toContainText('Boats');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
  await expect(panel.getByText('On deleted text: “Boats”')).toBeVisible();
  // Undone, the words are back in place, and so is the thread on them; deleted again, it says so again.
  const deletedFlags = async () =>
    ((await apiAnswer(page, 'GET', `/comments/list/${fileId}`)).body.threads as { anchorDeleted: boolean }[]).map((t) => t.anchorDeleted);
  await expect.poll(deletedFlags).toEqual([false, true]);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('editor')).toContainText('Boats');
  await expect.poll(deletedFlags, { timeout: 15_000 }).toEqual([false, false]);
  await expect(page.locator('.bree-comment').filter({ hasText: 'Boats' })).toHaveCount(1);
  await expect(panel.getByText('On deleted text: “Boats”')).toHaveCount(0);
  await dragOver(page, 'Boats');
  await page.keyboard.press('Delete');
  await expect.poll(deletedFlags, { timeout: 15_000 }).toEqual([false, true]);
  await expect(panel.getByText('On deleted text: “Boats”')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Comments, 2 open' }).click();
  await expect(panel.getByText('On deleted text: “Boats”')).toBeVisible();

  // Resolve: gone from Open and from the text's marks, under Resolved with who did it; then reopened.
  const first = panel.getByTestId('comment-thread').filter({ hasText: 'Is it tall enough' });
  await first.getByRole('button', { name: 'Resolve' }).click();
  await expect(panel.getByRole('tab', { name: 'Open (1)' })).toBeVisible();
  await expect(page.locator('.bree-comment')).toHaveCount(0);
  await panel.getByRole('tab', { name: 'Resolved (1)' }).click();
  await expect(panel.getByTestId('comment-thread')).toContainText('Resolved by Olive Owner');
  await panel.getByTestId('comment-thread').getByRole('button', { name: 'Reopen' }).click();
  await expect(panel.getByRole('tab', { name: 'Open (2)' })).toBeVisible();
  await expect(page.locator('.bree-comment')).toHaveText('harbour wall');

  // The guest edits their own comment; they cannot edit the owner's reply.
  await backToTab(guest);
  await expect(guestThread.getByRole('button', { name: /^Edit your comment/ })).toHaveCount(1);
  await guestThread.getByRole('button', { name: /^Edit your comment/ }).click();
  const edit = guestThread.getByRole('textbox', { name: 'Edit comment' });
  await edit.fill('Is it tall enough for a spring tide?');
  await guestThread.getByRole('button', { name: 'Save' }).click();
  await expect(guestThread).toContainText('Is it tall enough for a spring tide?');
  await expect(guestThread).toContainText('edited');

  // Comments are not the text: the saved document and its export hold none of them.
  const saved = JSON.stringify(((await apiAnswer(page, 'POST', '/files/get', { fileId })).body.file as { content: unknown }).content);
  expect(saved).not.toContain('spring tide');
  expect(saved).not.toContain('Four metres');
  // …unless the writer asks: 'Include comments' adds the threads after the text.
  await page.getByRole('button', { name: 'Close comments' }).click();
  const documentPanel = page.getByRole('complementary', { name: 'Document panel' });
  await documentPanel.getByRole('checkbox', { name: 'Include comments' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), documentPanel.getByRole('button', { name: 'Download as Markdown (.md)' }).click()]);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown.indexOf('harbour wall holds')).toBeLessThan(markdown.indexOf('## Comments'));
  expect(markdown).toMatch(/> “harbour wall”\n\n\*\*Gus Guest\*\* · \d{1,2} \w{3} \d{4}: Is it tall enough for a spring tide\?/);
  expect(markdown).toContain('On deleted text: “Boats”');
  await context.close();
});

/** The words of the document's first paragraph as the server has them. */
async function savedParagraph(page: Page, fileId: string): Promise<string> {
  const content = ((await apiAnswer(page, 'POST', '/files/get', { fileId })).body.file as { content: { content: { content?: { text?: string }[] }[] } })
    .content;
  return (content.content[0]!.content ?? []).map((t) => t.text ?? '').join('');
}

test('a Commenter types suggestions; the owner accepts one and rejects one, then accepts all, with the saved text exact', async ({ page, browser }) => {
  const { fileId, guestPage: guest, context } = await sharedWithCommenter(page, browser, GUEST, 'Gus Guest');
  // Two edits in suggesting mode: words added after 'wall', 'Boats' replaced by 'Ships'.
  await clickAfter(guest, 'wall');
  await guest.keyboard.type(' of stone');
  await dragOver(guest, 'Boats');
  await guest.keyboard.type('Ships');
  await expect(guest.locator('ins.bree-suggestion')).toHaveText([' of stone', 'Ships']);
  await expect(guest.locator('del.bree-suggestion')).toHaveText(['Boats']);
  // A new paragraph is no suggestion: Enter changes nothing, and the window says why.
  await guest.keyboard.press('Enter');
  await expect(guest.getByText('Suggestions change the words within a paragraph.', { exact: false })).toBeVisible();
  await expect(guest.getByTestId('editor').locator('p')).toHaveCount(1);
  // Reloaded at once, as an impatient person does: what was typed is still sent (keepalive) and comes back.
  await guest.reload();
  await expect(guest.locator('ins.bree-suggestion')).toHaveText([' of stone', 'Ships']);
  const proposed = 'The harbour wall of stone holds the sea. Ships wait inside the bar.';
  await expect
    .poll(async () => ((await apiAnswer(page, 'GET', `/suggestions/list/${fileId}`)).body.suggestions as { proposedText: string }[]).map((s) => s.proposedText))
    .toEqual([proposed]);
  // A suggestion is not an edit: the document is as it was.
  expect(await savedParagraph(page, fileId)).toBe(TEXT);

  // The owner reviews change by change, with who suggested it.
  await page.goto(`${bree.url}/app/${fileId}`);
  const review = page.getByRole('region', { name: 'Suggested edits' });
  await expect(review.getByTestId('suggestion-status')).toHaveText('Change 1 of 2');
  await expect(review.getByTestId('suggestion-author')).toContainText('Suggested by Gus Guest');
  await expect(page.locator('ins.bree-suggestion')).toHaveText([' of stone', 'Ships']);
  await expect(page.locator('del.bree-suggestion')).toHaveText(['Boats']);
  const controls = page.getByTestId('suggestion-change-controls');
  await controls.getByRole('button', { name: 'Accept this change' }).click();
  await expect(review.getByTestId('suggestion-status')).toHaveText('Change 1 of 1');
  await expect(page.getByTestId('editor')).toContainText('The harbour wall of stone holds the sea.');
  await controls.getByRole('button', { name: 'Reject this change' }).click();
  await expect(review).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
  const decided = 'The harbour wall of stone holds the sea. Boats wait inside the bar.';
  await expect.poll(() => savedParagraph(page, fileId)).toBe(decided);
  expect((await apiAnswer(page, 'GET', `/suggestions/list/${fileId}`)).body.suggestions).toEqual([]);

  // The Commenter's window starts again from the document as it now is.
  await expect(async () => {
    await backToTab(guest);
    await expect(guest.getByTestId('editor')).toHaveText(decided, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(guest.locator('ins.bree-suggestion, del.bree-suggestion')).toHaveCount(0);

  // Another suggestion, accepted with Accept all.
  await clickAfter(guest, 'bar.');
  await guest.keyboard.type(' Gulls circle.');
  await expect.poll(async () => ((await apiAnswer(page, 'GET', `/suggestions/list/${fileId}`)).body.suggestions as unknown[]).length).toBe(1);
  await backToTab(page);
  await expect(review.getByTestId('suggestion-status')).toHaveText('Change 1 of 1', { timeout: 20_000 });
  // The owner writes in the same paragraph first: accepting keeps their words, and leaves no suggestion behind.
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Today: ');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved \w/);
  await review.getByRole('button', { name: 'Accept all' }).click();
  await expect(review).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
  await expect.poll(() => savedParagraph(page, fileId)).toBe(`Today: ${decided} Gulls circle.`);
  expect((await apiAnswer(page, 'GET', `/suggestions/list/${fileId}`)).body.suggestions).toEqual([]);
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a Commenter selects words, comments from the bar at the bottom, and reads the thread in the sheet', async ({ page, browser }) => {
    const { guestPage: guest, context } = await sharedWithCommenter(page, browser, PHONE_GUEST, 'Pat Phone', { width: 375, height: 740 });
    await dragOver(guest, 'sea');
    await guest.getByTestId('comment-bubble').getByRole('button', { name: 'Comment' }).tap();
    const sheet = guest.getByRole('dialog', { name: 'Comments' });
    const box = sheet.getByRole('textbox', { name: 'Comment' });
    await box.fill('Which sea is this?');
    await sheet.getByRole('button', { name: 'Comment', exact: true }).tap();
    await expect(sheet.getByTestId('comment-thread')).toContainText('Which sea is this?');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await sheet.getByRole('button', { name: 'Close' }).first().tap();
    await expect(guest.locator('.bree-comment')).toHaveText('sea');
    await guest.getByRole('button', { name: 'Comments, 1 open' }).tap();
    await expect(sheet.getByTestId('comment-thread')).toContainText('Pat Phone');
    // The owner's phone has the Comments button too, by the save status: every thread is reachable from it.
    await page.reload();
    await page.getByRole('button', { name: 'Comments, 1 open' }).tap();
    const ownerSheet = page.getByRole('dialog', { name: 'Comments' });
    await expect(ownerSheet.getByTestId('comment-thread')).toContainText('Which sea is this?');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
