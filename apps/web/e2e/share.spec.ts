import type { Browser, Page } from '@playwright/test';
import { axeOn } from './fixtures/axe';
import { apiAnswer } from './fixtures/api';
import { savedBlocks } from './fixtures/assistant';
import { expect, newAccount, test } from './fixtures/bree';
import type { BreeServer } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): A dead link's share is asked for on purpose: the API answers 404.
test.use(allowConsoleErrors(failedLoad({ status: 404, path: '/api/shares/' })));

const FIRST = 'The heron stood in the shallows until the mist lifted.';
const SECOND = 'Then it flew, slow and low, over the reeds.';
/** A 40×24 red PNG. */
const RED_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAAH5iiXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAN0lEQVRIiWM4YKk9IIhh1GLL0aA+MJq4tEezk+VoAXJgtMjUHq0kLEerRe3RatFytFo8MNSrRQBaMkc9FacuwgAAAABJRU5ErkJggg==';
// The not-found view's sentence, word for word (docs/PRODUCT.md#sharing).
const UNAVAILABLE = 'Document Not Available: This document may not exist, or sharing may have been disabled by the author.';

/** Creates a document through the API and opens it in the editor. */
async function openNewDocument(page: Page, bree: BreeServer, name: string): Promise<string> {
  const answer = await apiAnswer(page, 'POST', '/files/create', { filePath: `${name} ${Date.now()}`, content: `${FIRST}\n\n${SECOND}` });
  expect(answer.status).toBe(200);
  const fileId = (answer.body.file as { id: string }).id;
  await page.goto(`${bree.url}/app/${fileId}`);
  await expect(page.getByTestId('editor')).toContainText(FIRST);
  return fileId;
}

/** Opens a link in a fresh browser context: no account, no cookies, and JavaScript off, so only the server's HTML can show the text. */
async function readAsStranger(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(url);
  return { page, status: response?.status(), close: () => context.close() };
}

test.describe('sharing a document', () => {
  test('switch on, read as a stranger, copy, regenerate (old link 404), switch off (404)', async ({ page, auth, bree, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bree.url });
    await auth.signUpOverHttp(newAccount('sharer'));
    await openNewDocument(page, bree, 'Heron');
    await page.getByRole('tab', { name: 'Settings' }).first().click();

    const toggle = page.getByRole('switch', { name: 'Document Sharing' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(page.getByText('Document sharing enabled')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const urlField = page.getByRole('textbox', { name: 'Share URL' });
    await expect(urlField).toHaveValue(new RegExp(`^${bree.url}/share/[A-Za-z0-9_-]{24}$`));
    const firstUrl = await urlField.inputValue();
    await expect(page.getByRole('link', { name: 'Open' })).toHaveAttribute('href', firstUrl);

    // A reader with no account and no JavaScript reads the whole document.
    const reader = await readAsStranger(browser, firstUrl);
    expect(reader.status).toBe(200);
    await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(/^Heron \d+$/);
    await expect(reader.page.getByText(FIRST)).toBeVisible();
    await expect(reader.page.getByText(SECOND)).toBeVisible();
    await expect(reader.page.getByRole('link', { name: 'Create Your Own' })).toHaveAttribute('href', '/');
    // The footer: the last-updated date, then the site's legal links (docs/PUBLIC-SITE.md).
    const footer = reader.page.getByRole('contentinfo');
    await expect(footer).toContainText('Last updated');
    await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    // On paper: the document and its date, without the site's header, button and links.
    await reader.page.emulateMedia({ media: 'print' });
    await expect(reader.page.getByRole('link', { name: 'Create Your Own' })).toBeHidden();
    await expect(reader.page.getByRole('banner')).toBeHidden();
    await expect(reader.page.getByText(FIRST)).toBeVisible();
    await expect(footer.getByText('Last updated')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms' })).toBeHidden();
    await reader.close();

    // The author sees the stranger's visit counted.
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).first().click();
    await expect(page.getByTestId('share-views')).toHaveText('1 view since sharing was switched on');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Share URL copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByText('Share URL regenerated')).toBeVisible();
    await expect(urlField).not.toHaveValue(firstUrl);
    const secondUrl = await urlField.inputValue();
    const old = await readAsStranger(browser, firstUrl);
    expect(old.status).toBe(404);
    await expect(old.page.getByRole('heading', { name: UNAVAILABLE })).toBeVisible();
    await old.close();
    const renewed = await readAsStranger(browser, secondUrl);
    expect(renewed.status).toBe(200);
    await expect(renewed.page.getByText(FIRST)).toBeVisible();
    await renewed.close();

    await toggle.click();
    await expect(page.getByText('Document sharing disabled')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(urlField).toHaveCount(0);
    const off = await readAsStranger(browser, secondUrl);
    expect(off.status).toBe(404);
    await off.close();
  });

  test('an image in a shared document shows to a stranger while shared, and its address answers 404 once sharing is off', async ({
    page,
    auth,
    bree,
    browser,
  }) => {
    await auth.signUpOverHttp(newAccount('image-sharer'));
    const fileId = await openNewDocument(page, bree, 'Heron with a picture');
    // Inserted as a writer would, from the toolbar's file chooser; saved like any edit.
    await page.getByTestId('editor').getByText(SECOND).click();
    await page.keyboard.press('End');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click();
    await (await chooser).setFiles({ name: 'heron.png', mimeType: 'image/png', buffer: Buffer.from(RED_PNG, 'base64') });
    await expect(page.getByTestId('editor').locator('figure img')).toHaveAttribute('src', /^blob:/);
    await expect.poll(async () => (await savedBlocks(page, fileId)).map((b) => b.type)).toContain('image');
    const { shareUrl } = (await apiAnswer(page, 'POST', '/shares/create', { fileId })).body as { shareUrl: string };

    // The stranger's page (no account, no JavaScript) draws it from the share's own address.
    const reader = await readAsStranger(browser, shareUrl);
    const img = reader.page.locator('main img');
    await expect(img).toHaveCount(1);
    const src = new URL((await img.getAttribute('src'))!, shareUrl).href;
    expect(src.startsWith(`${shareUrl}/images/`)).toBe(true);
    const shown = await reader.page.request.get(src);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);

    // Sharing off: the page and the image's address are gone at once.
    expect((await apiAnswer(page, 'POST', '/shares/disable', { fileId })).status).toBe(200);
    expect((await reader.page.request.get(src)).status()).toBe(404);
    await reader.close();
  });

  test('the app route shows the shared page, and the not-found message for a dead link', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('reader'));
    const fileId = await openNewDocument(page, bree, 'In app');
    const { shareSlug } = (await apiAnswer(page, 'POST', '/shares/create', { fileId })).body as { shareSlug: string };
    // Navigating inside the app (no page load) uses the app's own route.
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/share/${shareSlug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^In app \d+$/);
    await expect(page.getByText(SECOND)).toBeVisible();
    await page.evaluate(() => {
      history.pushState(null, '', '/share/AAAAAAAAAAAAAAAAAAAAAAAA');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: UNAVAILABLE })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Document not found or sharing disabled');
  });
  test('the server-rendered page has no serious or critical accessibility violation, on screen or on a phone', async ({ page, auth, browser }) => {
    await auth.signUpOverHttp(newAccount('axe'));
    // Every block the page renders (docs/PRODUCT.md#export), so axe reads the quote, the checklist's boxes, the rule and code too.
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const content = {
      type: 'doc',
      content: [
        paragraph(FIRST),
        { type: 'blockquote', content: [paragraph(SECOND)] },
        {
          type: 'taskList',
          content: [true, false].map((checked) => ({ type: 'taskItem', attrs: { checked }, content: [paragraph(checked ? 'Seen' : 'Not yet')] })),
        },
        { type: 'horizontalRule' },
        { type: 'codeBlock', attrs: { language: 'html' }, content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      ],
    };
    const created = await apiAnswer(page, 'POST', '/files/create', { filePath: `Accessible ${Date.now()}`, content });
    const { id: fileId, filePath } = created.body.file as { id: string; filePath: string };
    // With the authenticity badge, so axe sees it too.
    const tenant = await page.evaluate(() => localStorage.getItem('currentTenant') ?? '');
    const tagged = await apiAnswer(page, 'PATCH', `/files/metadata/${encodeURIComponent(tenant)}/${encodeURIComponent(filePath)}`, {
      metadata: { authenticity: 'AI-Assisted' },
    });
    expect(tagged.status).toBe(200);
    const { shareUrl } = (await apiAnswer(page, 'POST', '/shares/create', { fileId })).body as { shareUrl: string };
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport });
      const reader = await context.newPage();
      await reader.goto(shareUrl);
      await expect(reader.getByText(FIRST)).toBeVisible();
      await expect(reader.getByText('AI-Assisted', { exact: true })).toBeVisible();
      await expect(reader.getByText('<script>alert(1)</script>')).toBeVisible();
      await expect(reader.getByRole('checkbox', { name: 'Done' })).toHaveCount(2);
      await expect(reader.getByRole('checkbox', { name: 'Done' }).first()).toBeChecked();
      const { violations } = await axeOn(reader).analyze();
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      expect(blocking, `${viewport.width} px`).toEqual([]);
      await context.close();
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the Document Settings sheet switches sharing on and shows the link with Copy, Regenerate and Open', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('phone-sharer'));
    await openNewDocument(page, bree, 'Pocket');
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Open settings' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document settings' });
    await sheet.getByRole('switch', { name: 'Document Sharing' }).tap();
    await expect(page.getByText('Document sharing enabled')).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Share URL' })).toHaveValue(/\/share\/[A-Za-z0-9_-]{24}$/);
    for (const name of ['Copy', 'Regenerate']) await expect(sheet.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Open' })).toBeVisible();
    await expect(sheet.getByRole('radiogroup', { name: 'AI Provider Override' })).toBeVisible();
    // The same sheet also offers feedback (its own test is in feedback.spec.ts).
    await expect(sheet.getByRole('button', { name: 'Submit Feedback' })).toBeVisible();
  });
});

test.describe('Make a copy', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`a reader copies a shared document into a new account of their own, at ${viewport.width} px`, async ({
      page,
      auth,
      bree,
      browser,
      expectConsoleError,
    }) => {
      // Provoked on purpose: the reader asks for the author's document, which answers 404.
      expectConsoleError(/404 \(Not Found\) \(at [^)]*\/api\/files\/get\)/);
      await auth.signUpOverHttp(newAccount('copied'));
      const fileId = await openNewDocument(page, bree, 'Heron notes');
      const { shareUrl } = (await apiAnswer(page, 'POST', '/shares/create', { fileId })).body as { shareUrl: string };

      const context = await browser.newContext({ viewport });
      const reader = await context.newPage();
      await reader.goto(shareUrl);
      await reader.getByRole('link', { name: 'Make a copy' }).click();
      // The app asks the reader to sign in first; a new reader creates an account there.
      await expect(reader.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
      await reader.getByRole('link', { name: 'Create account' }).click();
      const account = newAccount('copier');
      await reader.getByLabel('Email').fill(account.email);
      await reader.getByLabel('Password').fill(account.password);
      await reader.getByRole('button', { name: 'Create account' }).click();

      // Back in the app, the copy is made and opened, in the reader's own account.
      await expect(reader).toHaveURL(new RegExp(`${bree.url}/app/(?!${fileId})[^/?]+$`));
      await expect(reader.getByTestId('editor')).toContainText(`${FIRST}${SECOND}`);
      await expect(reader.getByText(/^A copy of “Heron notes \d+” is in your documents\.$/)).toBeVisible();
      const copyId = new URL(reader.url()).pathname.split('/').pop()!;
      // A reload or Back makes no second copy.
      await reader.goBack();
      await expect(reader).toHaveURL(`${bree.url}/app`);
      await expect(reader.getByRole('listitem').filter({ hasText: 'Heron notes' })).toHaveCount(1);
      // The author's own document is unchanged and still theirs alone.
      expect((await apiAnswer(reader, 'POST', '/files/get', { fileId })).status).toBe(404);
      expect((await apiAnswer(reader, 'POST', '/files/get', { fileId: copyId })).status).toBe(200);
      await context.close();
    });
  }
});
