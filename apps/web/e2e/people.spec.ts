import type { Page } from '@playwright/test';
import { apiAnswer } from './fixtures/api';
import { expect, newAccount, test } from './fixtures/bree';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';
import { signUpOverHttp } from './fixtures/session';

/**
 * Sharing a document with people (issue 42 item 1, docs/SHARING.md "People"), in two browsers: the
 * owner invites by e-mail, the invitee signs up through the link and finds the document under 'Shared
 * with me', reads it as a Viewer, writes in it once made an Editor, and loses it the moment the owner
 * removes them, without a reload.
 */

// Provoked on purpose: once removed, the invitee's window asks for its access, its presence and its comments, and the
// test asks for the document itself, and each is refused with 404.
test.use(
  allowConsoleErrors(
    failedLoad({ status: 404, path: '/api/grants/access/' }),
    failedLoad({ status: 404, path: '/api/presence/' }),
    failedLoad({ status: 404, path: '/api/files/get' }),
    // and the comments' and suggestions' refreshes, asked once each.
    failedLoad({ status: 404, path: '/api/comments/list/' }),
    failedLoad({ status: 404, path: '/api/suggestions/list/' }),
    // and a used invitation link, opened again.
    failedLoad({ status: 404, path: '/api/grants/accept/' }),
    // An Editor's window offline: what it asks meanwhile fails; back online, its stale save is answered 409.
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/presence/' }),
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/comments/list/' }),
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/suggestions/list/' }),
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/grants/access/' }),
    failedLoad({ status: 409, path: '/api/files/content-only-update' }),
    // and an Editor made Viewer while their words wait: the save sent on coming back online is refused.
    failedLoad({ status: 403, path: '/api/files/content-only-update' }),
  ),
);

const TEXT = 'The tide goes out twice a day.';

/** The bodies of the saves a page sends from now on. */
function savesSentBy(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/files/content-only-update') bodies.push(request.postData() ?? '');
  });
  return bodies;
}
const ADDED = ' Edited by a guest.';

/** The window comes back into view (as switching back to it does): what it asks on focus, it asks at once. */
const backToTab = (page: Page) =>
  page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
  });

test('invite a Viewer by link, who signs up, reads, becomes an Editor and writes, and loses access when removed', async ({ page, auth, bree, browser }) => {
  const owner = newAccount('people-owner');
  await auth.signUpOverHttp(owner);
  expect((await apiAnswer(page, 'PUT', '/users/profile', { email: owner.email, name: 'Olive Owner' })).status).toBe(200);
  const name = `Tides ${Date.now()}`;
  const created = await apiAnswer(page, 'POST', '/files/create', { filePath: name, content: TEXT });
  const fileId = (created.body.file as { id: string }).id;
  await page.goto(`${bree.url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText(TEXT);

  // The owner invites from the sharing panel; without SMTP_URL the link is shown to copy.
  const guest = newAccount('people-guest');
  await page.getByRole('tab', { name: 'Settings' }).first().click();
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByText('Nobody else has access yet.')).toBeVisible();
  await people.getByRole('textbox', { name: 'Email address' }).fill(guest.email);
  await expect(people.getByRole('combobox', { name: 'Role' })).toHaveValue('viewer');
  // The panel is narrow: the button stays inside it, beside the role.
  const inviteButton = people.getByRole('button', { name: 'Invite' });
  const box = (await inviteButton.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await inviteButton.click();
  await expect(people.getByText(`Bree cannot send e-mail here: send this link to ${guest.email} yourself. It works once, for 7 days.`)).toBeVisible();
  const link = await people.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${bree.url}/app/invite/[A-Za-z0-9_-]+$`));
  await expect(people.getByRole('list', { name: 'Invited' })).toContainText(`${guest.email} · Viewer`);

  // The invitee opens the link with no account: sign in, create one, and the document opens.
  const other = await browser.newContext();
  const invitee = await other.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await invitee.getByRole('link', { name: 'Create account' }).click();
  await invitee.getByLabel('Email').fill(guest.email);
  await invitee.getByLabel('Password').fill(guest.password);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee).toHaveURL(`${bree.url}/app/shared/${fileId}`);
  await expect(invitee.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(invitee.getByTestId('shared-by')).toHaveText('Shared by Olive Owner · Viewer');
  const text = invitee.getByTestId('editor');
  await expect(text).toHaveText(TEXT);
  await expect(text).toHaveAttribute('contenteditable', 'false');
  await expect(invitee.getByText('You can read this document (Viewer). Only its owner or an Editor can change it.')).toBeVisible();

  // 'Shared with me' in the invitee's list, apart from their own documents, with the owner's name.
  await invitee.getByRole('link', { name: 'Documents' }).click();
  const sharedWithMe = invitee.getByRole('region', { name: 'Shared with me' });
  const entry = sharedWithMe.getByRole('link', { name: new RegExp(name) });
  await expect(entry).toContainText('Olive Owner · Viewer · Last edited');
  await entry.click();
  await expect(invitee.getByTestId('shared-by')).toHaveText('Shared by Olive Owner · Viewer');

  // The owner sees the person (and not the used invitation) and makes them an Editor.
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).first().click();
  const role = people.getByRole('combobox', { name: `Role of ${guest.email}` });
  await expect(role).toHaveValue('viewer');
  await expect(people.getByRole('list', { name: 'Invited' })).toHaveCount(0);
  await role.selectOption('editor');
  await expect(role).toHaveValue('editor');

  // Without a reload, the invitee's window follows: it can write, and the words are saved in the owner's document.
  await expect(async () => {
    await backToTab(invitee);
    await expect(invitee.getByTestId('shared-by')).toHaveText('Shared by Olive Owner · Editor', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(text).toHaveAttribute('contenteditable', 'true');
  // Nothing to save yet ('Saved', with no time: no save was made since the page opened).
  await expect(invitee.getByTestId('save-status')).toHaveText(/^Saved$/);
  const saves = savesSentBy(invitee);
  await text.click();
  await invitee.keyboard.press('End');
  await invitee.keyboard.type(ADDED);
  await expect(invitee.getByTestId('save-status')).toHaveText(/Saved/);
  // Becoming an Editor is no edit: every save the window sent carries the words typed.
  expect(saves.length).toBeGreaterThan(0);
  expect(saves.filter((body) => !body.includes(ADDED.trim()))).toEqual([]);
  const saved = await apiAnswer(page, 'POST', '/files/get', { fileId });
  expect(JSON.stringify((saved.body.file as { content: unknown }).content)).toContain(`${TEXT}${ADDED}`);
  // The owner's open window, with nothing unsaved, shows the Editor's words without a reload (at its next heartbeat).
  await backToTab(page);
  await expect(page.getByTestId('editor')).toHaveText(`${TEXT}${ADDED}`);
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);

  // The owner removes them: the invitee's open window says so without a reload, and the list forgets the document.
  await people.getByRole('button', { name: `Remove ${guest.email}` }).click();
  await expect(page.getByText(`${guest.email} no longer has access.`)).toBeVisible();
  await expect(people.getByText('Nobody else has access yet.')).toBeVisible();
  await expect(async () => {
    await backToTab(invitee);
    await expect(invitee.getByRole('alert')).toHaveText('You no longer have access to this document.', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await invitee.getByRole('link', { name: 'Go to your documents' }).click();
  await expect(invitee.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(invitee.getByRole('region', { name: 'Shared with me' })).toHaveCount(0);
  expect((await apiAnswer(invitee, 'POST', '/files/get', { fileId })).status).toBe(404);
  await other.close();
});

test('an invitation to a whole workspace reaches its master and every variant, made before or after', async ({ page, auth, bree, browser }) => {
  const owner = newAccount('ws-owner');
  await auth.signUpOverHttp(owner);
  expect((await apiAnswer(page, 'PUT', '/users/profile', { email: owner.email, name: 'Wes Workspace' })).status).toBe(200);
  const name = `Launch ${Date.now()}`;
  const masterId = ((await apiAnswer(page, 'POST', '/files/create', { filePath: name, content: TEXT })).body.file as { id: string }).id;
  expect((await apiAnswer(page, 'POST', '/workspaces/convert', { fileId: masterId })).status).toBe(200);
  const first = (await apiAnswer(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
  await page.goto(`${bree.url}/app/${masterId}`);
  await page.getByRole('tab', { name: 'Settings' }).first().click();
  const people = page.getByRole('region', { name: 'People' });
  const guest = newAccount('ws-guest');
  await people.getByRole('textbox', { name: 'Email address' }).fill(guest.email);
  await expect(people.getByRole('checkbox', { name: 'The whole workspace: every variant too, now and later' })).toBeChecked();
  await people.getByRole('button', { name: 'Invite' }).click();
  const link = await people.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await expect(people.getByRole('list', { name: 'Invited' })).toContainText(`${guest.email} · Viewer · Whole workspace`);
  const later = (await apiAnswer(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;

  const other = await browser.newContext();
  const invitee = await other.newPage();
  await signUpOverHttp(invitee, bree.url, guest);
  await invitee.goto(link);
  await expect(invitee).toHaveURL(`${bree.url}/app/shared/${masterId}`);
  await invitee.getByRole('link', { name: 'Documents' }).click();
  const shared = invitee.getByRole('region', { name: 'Shared with me' });
  await expect(shared.getByRole('link')).toHaveCount(3);
  for (const id of [first, later]) {
    await invitee.goto(`${bree.url}/app/shared/${id}`);
    await expect(invitee.getByTestId('shared-by')).toHaveText('Shared by Wes Workspace · Viewer');
    await expect(invitee.getByTestId('editor')).toContainText(TEXT);
  }
  await other.close();
  // A variant's People list shows who reaches it through the workspace; the master's panel changes that.
  await page.goto(`${bree.url}/app/${later}`);
  await page.getByRole('tab', { name: 'Settings' }).first().click();
  const onVariant = page.getByRole('list', { name: 'People with access' }).getByRole('listitem');
  await expect(onVariant).toHaveCount(1);
  await expect(onVariant).toContainText(guest.email);
  await expect(onVariant).toContainText('ViewerThrough the workspace: change it on the master');
  await expect(onVariant.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});

test("an Editor's words typed into an out-of-date window and reloaded at once come back, with the conflict choice", async ({ page, auth, bree, browser }) => {
  const owner = newAccount('stale-owner');
  await auth.signUpOverHttp(owner);
  const fileId = ((await apiAnswer(page, 'POST', '/files/create', { filePath: `Quay ${Date.now()}`, content: TEXT })).body.file as { id: string }).id;
  const guest = newAccount('stale-editor');
  const invited = await apiAnswer(page, 'POST', '/grants/invite', { fileId, email: guest.email, role: 'editor' });
  const context = await browser.newContext();
  const editor = await context.newPage();
  await signUpOverHttp(editor, bree.url, guest);
  await editor.goto(String(invited.body.link));
  await expect(editor).toHaveURL(`${bree.url}/app/shared/${fileId}`);
  const text = editor.getByTestId('editor');
  await expect(text).toHaveAttribute('contenteditable', 'true');
  await expect(text).toContainText(TEXT);

  // The owner saves while the Editor's window, offline, still shows the text before it.
  await context.setOffline(true);
  const revision = ((await apiAnswer(page, 'POST', '/files/get', { fileId })).body.file as { revision: number }).revision;
  const theirs = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${TEXT} Theirs.` }] }] };
  const saved = await apiAnswer(page, 'POST', '/files/content-only-update', {
    fileId,
    content: theirs,
    baseRevision: revision,
    operationId: `theirs-${Date.now()}`,
  });
  expect(saved.status).toBe(200);
  await text.click();
  await editor.keyboard.press('End');
  await editor.keyboard.type(' Mine.');
  // Back online, reloaded at once, as an impatient person does: the words come back and meet the owner's.
  await context.setOffline(false);
  await editor.reload();
  await expect(text).toHaveText(`${TEXT} Mine.`);
  const dialog = editor.getByRole('dialog', { name: 'This document changed in another tab or device' });
  await expect(dialog.getByRole('region', { name: 'Your version' })).toContainText('Mine.');
  await expect(dialog.getByRole('region', { name: 'Latest version' })).toContainText('Theirs.');
  await dialog.getByRole('button', { name: 'Keep my version' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByTestId('save-status')).toHaveText(/^Saved/);
  const kept = await apiAnswer(page, 'POST', '/files/get', { fileId });
  expect(JSON.stringify((kept.body.file as { content: unknown }).content)).toContain(`${TEXT} Mine.`);
  await context.close();
});

test("an Editor made Viewer with words not saved yet is told, can copy them, and the text is the document's again", async ({ page, auth, bree, browser }) => {
  const owner = newAccount('demote-owner');
  await auth.signUpOverHttp(owner);
  const fileId = ((await apiAnswer(page, 'POST', '/files/create', { filePath: `Pier ${Date.now()}`, content: TEXT })).body.file as { id: string }).id;
  const guest = newAccount('demoted-editor');
  const invited = await apiAnswer(page, 'POST', '/grants/invite', { fileId, email: guest.email, role: 'editor' });
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bree.url });
  const editor = await context.newPage();
  await signUpOverHttp(editor, bree.url, guest);
  await editor.goto(String(invited.body.link));
  const text = editor.getByTestId('editor');
  await expect(text).toHaveAttribute('contenteditable', 'true');
  await expect(text).toContainText(TEXT);
  const guestId = ((await apiAnswer(page, 'GET', `/grants/people/${fileId}`)).body.people as { granteeId: string }[])[0]!.granteeId;

  // Offline, the words wait to be saved; meanwhile the owner makes them a Viewer.
  await context.setOffline(true);
  await text.click();
  await editor.keyboard.press('End');
  await editor.keyboard.type(' Unsaved words.');
  expect((await apiAnswer(page, 'POST', '/grants/role', { fileId, granteeId: guestId, role: 'viewer' })).status).toBe(200);
  await context.setOffline(false);
  await backToTab(editor);
  await expect(editor.getByTestId('shared-by')).toHaveText(/· Viewer$/, { timeout: 20_000 });
  await expect(editor.getByText('You are now a Viewer of this document: your last changes were not saved. Copy them to keep them.')).toBeVisible();
  await expect(text).toHaveText(TEXT);
  await expect(text).toHaveAttribute('contenteditable', 'false');
  await editor.getByRole('button', { name: 'Copy my text' }).click();
  expect(await editor.evaluate(() => navigator.clipboard.readText())).toContain('Unsaved words.');
  // Made an Editor again, the window saves nothing of them.
  expect((await apiAnswer(page, 'POST', '/grants/role', { fileId, granteeId: guestId, role: 'editor' })).status).toBe(200);
  await backToTab(editor);
  await expect(editor.getByTestId('shared-by')).toHaveText(/· Editor$/, { timeout: 20_000 });
  await editor.reload();
  await expect(text).toHaveText(TEXT);
  expect(JSON.stringify(((await apiAnswer(page, 'POST', '/files/get', { fileId })).body.file as { content: unknown }).content)).not.toContain('Unsaved');
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the owner invites an Editor from the Document settings sheet; the signed-in invitee opens the link and writes', async ({
    page,
    auth,
    bree,
    browser,
  }) => {
    const owner = newAccount('phone-owner');
    await auth.signUpOverHttp(owner);
    expect((await apiAnswer(page, 'PUT', '/users/profile', { email: owner.email, name: 'Pia Phone' })).status).toBe(200);
    const created = await apiAnswer(page, 'POST', '/files/create', { filePath: `Pocket tides ${Date.now()}`, content: TEXT });
    const fileId = (created.body.file as { id: string }).id;
    await page.goto(`${bree.url}/app/${fileId}`);
    await expect(page.getByTestId('editor')).toContainText(TEXT);

    const guest = newAccount('phone-guest');
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open settings' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document settings' });
    const people = sheet.getByRole('region', { name: 'People' });
    await people.getByRole('textbox', { name: 'Email address' }).fill(guest.email);
    await people.getByRole('combobox', { name: 'Role' }).selectOption('editor');
    await people.getByRole('button', { name: 'Invite' }).tap();
    const link = await people.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The invitee already has an account and is signed in on their phone: the link opens the document.
    const other = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const invitee = await other.newPage();
    await signUpOverHttp(invitee, bree.url, guest);
    const saves = savesSentBy(invitee);
    await invitee.goto(link);
    await expect(invitee).toHaveURL(`${bree.url}/app/shared/${fileId}`);
    await expect(invitee.getByTestId('shared-by')).toHaveText('Shared by Pia Phone · Editor');
    expect(await invitee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const text = invitee.getByTestId('editor');
    await expect(text).toContainText(TEXT);
    await expect(invitee.getByTestId('save-status')).toHaveText(/^Saved$/);
    await text.tap();
    await invitee.keyboard.press('End');
    await invitee.keyboard.type(ADDED);
    await expect(invitee.getByTestId('save-status')).toHaveText(/Saved/);
    // Opening the document is no edit (it once saved the text unchanged: a conflict for the owner typing meanwhile).
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.filter((body) => !body.includes(ADDED.trim()))).toEqual([]);
    const saved = await apiAnswer(page, 'POST', '/files/get', { fileId });
    expect(JSON.stringify((saved.body.file as { content: unknown }).content)).toContain(`${TEXT}${ADDED}`);
    // The owner's open window, with nothing unsaved, shows the Editor's words without a reload (at its next heartbeat).
    await backToTab(page);
    await expect(page.getByTestId('editor')).toHaveText(`${TEXT}${ADDED}`);
    await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
    // The link worked once: opened again, it says so.
    await invitee.goto(link);
    await expect(invitee.getByRole('alert')).toHaveText(
      "This invitation was already used or has expired. If you accepted it, the document is under 'Shared with me' in your documents; if not, ask the owner to invite you again.",
    );
    await expect(invitee.getByRole('link', { name: 'Go to your documents' })).toBeVisible();
    await other.close();
  });
});
