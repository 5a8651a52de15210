import type { Page } from '@playwright/test';
import { IMAGE_MESSAGES } from '@bree/contracts';
import { test, expect, caretAtEnd, openDoc, savedBlocks, signUp } from './fixtures/assistant';
import { apiAnswer } from './fixtures/api';
import { newAccount } from './fixtures/bree';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';
import { signUpOverHttp } from './fixtures/session';

/**
 * Images in the editor (docs/IMAGES.md): inserted by the toolbar's file chooser, the '/' menu and a
 * paste of an image file, read with the writer's token and shown; alt text, caption and size set in
 * the image's panel (by mouse and by keyboard) and kept through a reload; an SVG's 415 shown and
 * nothing inserted; and on a 375 px phone.
 */

// The SVG below is refused on purpose: Chromium logs the 415 of its upload.
test.use(allowConsoleErrors(failedLoad({ status: 415, path: '/api/images' })));

const listbox = (page: Page) => page.getByRole('listbox', { name: 'Insert block or ask AI' });
const figures = (page: Page) => page.getByTestId('editor').locator('figure.bree-image');

/** A PNG drawn by the page's canvas (the server decodes and re-encodes it), as base64. */
async function pngBase64(page: Page, color: string): Promise<string> {
  return page.evaluate(async (fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 64, 48);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  }, color);
}

/** Pastes a PNG file into the text, as the system clipboard would (a ClipboardEvent carrying the file). */
async function pastePng(page: Page, base64: string): Promise<void> {
  await page.getByTestId('editor').evaluate((dom, data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    dom.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, base64);
}

/** The image shows: its `<img>` has a blob: address read with the token, and has loaded. */
async function expectShown(page: Page, index: number): Promise<void> {
  const img = figures(page).nth(index).locator('img');
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

type Block = Awaited<ReturnType<typeof savedBlocks>>[number];
const savedImages = async (page: Page, fileId: string): Promise<Block[]> => (await savedBlocks(page, fileId)).filter((b) => b.type === 'image');

test('an image by the toolbar, the / menu and a paste; alt text, caption and size set and kept on reload; an SVG refused', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const fileId = await openDoc(page, ai.server, ['Image by toolbar', 'Image by slash', 'Image by paste']);
  const png = await pngBase64(page, '#c33');
  const bar = page.getByRole('toolbar', { name: 'Formatting' });

  // The toolbar: the system's file chooser.
  await caretAtEnd(page, 'Image by toolbar');
  const chooser = page.waitForEvent('filechooser');
  await bar.getByRole('button', { name: 'Image', exact: true }).click();
  await (await chooser).setFiles({ name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(figures(page)).toHaveCount(1);
  await expectShown(page, 0);

  // The '/' menu.
  await caretAtEnd(page, 'Image by slash');
  const slashChooser = page.waitForEvent('filechooser');
  await page.keyboard.type(' /image');
  await expect(listbox(page).getByRole('option').first()).toContainText('Image');
  await page.keyboard.press('Enter');
  await (await slashChooser).setFiles({ name: 'green.png', mimeType: 'image/png', buffer: Buffer.from(await pngBase64(page, '#3c3'), 'base64') });
  await expect(figures(page)).toHaveCount(2);
  await expectShown(page, 1);
  await expect(page.getByTestId('editor')).not.toContainText('/image');

  // A paste of an image file.
  await caretAtEnd(page, 'Image by paste');
  await pastePng(page, await pngBase64(page, '#33c'));
  await expect(figures(page)).toHaveCount(3);
  await expectShown(page, 2);

  // Pasted HTML: an image by address is never fetched — a link named by its alt text.
  await caretAtEnd(page, 'Image by paste');
  const remote = page.waitForRequest((request) => request.url().startsWith('https://images.example/'), { timeout: 1000 }).catch(() => null);
  await page.getByTestId('editor').evaluate((dom) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', '<p>Seen at <img src="https://images.example/view.png" alt="the view"></p>');
    dom.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('editor').getByRole('link', { name: 'the view' })).toHaveAttribute('href', 'https://images.example/view.png');
  expect(await remote).toBeNull();
  await expect(figures(page)).toHaveCount(3);

  // An SVG: the server's 415, in a toast; nothing inserted. (The pasted words joined the paragraph.)
  await caretAtEnd(page, 'Image by pasteSeen at the view');
  const svgChooser = page.waitForEvent('filechooser');
  await bar.getByRole('button', { name: 'Image', exact: true }).click();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
  await (await svgChooser).setFiles({ name: 'shape.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(page.getByText(IMAGE_MESSAGES.unsupported_image)).toBeVisible();
  await expect(page.getByTestId('editor').locator('.bree-image-uploading')).toHaveCount(0);
  await expect(figures(page)).toHaveCount(3);

  // Settings by mouse: the first image's alt text, caption and size.
  await figures(page).nth(0).locator('img').click();
  const panel = page.getByRole('group', { name: 'Image settings' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Alt text').fill('A red square');
  await panel.getByRole('textbox', { name: 'Caption' }).fill('Figure one');
  await panel.getByRole('button', { name: 'Small', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Small', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(figures(page).nth(0)).toHaveAttribute('data-size', 'small');

  // By keyboard: the arrows select the second image, Enter opens its settings, Escape comes back.
  // (The '/' menu leaves the space typed before its slash.)
  await caretAtEnd(page, 'Image by slash ');
  await page.keyboard.press('ArrowDown');
  await expect(figures(page).nth(1)).toHaveClass(/ProseMirror-selectednode/);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: 'Caption' })).toBeFocused();
  await page.keyboard.type('Typed caption');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Green square');
  await page.keyboard.press('Escape');
  await expect(figures(page).nth(1)).toHaveClass(/ProseMirror-selectednode/);
  await expect(page.getByTestId('editor')).toBeFocused();
  await expect(figures(page)).toHaveCount(3);

  // The third goes by its panel's Delete.
  await figures(page).nth(2).locator('img').click();
  await panel.getByRole('button', { name: 'Delete image' }).click();
  await expect(figures(page)).toHaveCount(2);

  await expect
    .poll(async () => (await savedImages(page, fileId)).map((b) => [b.attrs?.alt, b.attrs?.caption, b.attrs?.size]))
    .toEqual([
      ['A red square', 'Figure one', 'small'],
      ['Green square', 'Typed caption', 'full'],
    ]);
  await page.reload();
  await expect(figures(page)).toHaveCount(2);
  await expectShown(page, 0);
  await expectShown(page, 1);
  await expect(figures(page).nth(0)).toHaveAttribute('data-size', 'small');
  await expect(figures(page).nth(0).locator('figcaption')).toHaveText('Figure one');
  await expect(figures(page).nth(1).locator('img')).toHaveAttribute('alt', 'Green square');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("an image from 'More', shown within the screen; its panel's fields fit and set its size", async ({ page, ai }) => {
    await signUp(page, ai.server);
    const fileId = await openDoc(page, ai.server, ['Phone picture']);
    await caretAtEnd(page, 'Phone picture');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'More', exact: true }).tap();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('dialog', { name: 'More tools' }).getByRole('button', { name: 'Image' }).tap();
    await (await chooser).setFiles({ name: 'phone.png', mimeType: 'image/png', buffer: Buffer.from(await pngBase64(page, '#963'), 'base64') });
    await expect(figures(page)).toHaveCount(1);
    await expectShown(page, 0);

    await figures(page).locator('img').tap();
    const panel = page.getByRole('group', { name: 'Image settings' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Medium', exact: true }).tap();
    await panel.getByLabel('Alt text').fill('Brown square');
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect.poll(async () => (await savedImages(page, fileId)).map((b) => [b.attrs?.alt, b.attrs?.size])).toEqual([['Brown square', 'medium']]);
  });
});

test("a shared document's images: an Editor sees the owner's and pastes one in; a Commenter sees them and uploads none", async ({ page, ai, browser }) => {
  await signUp(page, ai.server);
  const fileId = await openDoc(page, ai.server, ['Owner picture', 'Guest picture']);
  await caretAtEnd(page, 'Owner picture');
  await pastePng(page, await pngBase64(page, '#c33'));
  await expect.poll(async () => (await savedImages(page, fileId)).length).toBe(1);

  /** A new account given `role` through the copyable invitation link, on the shared page. */
  const guestWith = async (role: 'editor' | 'commenter') => {
    const account = newAccount(`image-${role}`);
    const invite = await apiAnswer(page, 'POST', '/grants/invite', { fileId, email: account.email, role });
    const context = await browser.newContext();
    const guest = await context.newPage();
    await signUpOverHttp(guest, ai.server.url, account);
    await guest.goto(invite.body.link as string);
    await expect(guest).toHaveURL(`${ai.server.url}/app/shared/${fileId}`);
    await expect(guest.getByTestId('editor')).toHaveAttribute('contenteditable', 'true');
    return { guest, context };
  };

  // The Editor reads the owner's image with their own token, and pastes one: it is the owner's document's.
  const editor = await guestWith('editor');
  await expectShown(editor.guest, 0);
  await caretAtEnd(editor.guest, 'Guest picture');
  await pastePng(editor.guest, await pngBase64(editor.guest, '#33c'));
  await expect(figures(editor.guest)).toHaveCount(2);
  await expectShown(editor.guest, 1);
  await expect.poll(async () => (await savedImages(page, fileId)).length).toBe(2);
  await page.reload();
  await expect(figures(page)).toHaveCount(2);
  await expectShown(page, 1);
  await editor.context.close();

  // A Commenter sees both; a pasted image file is no suggestion: nothing is sent, nothing inserted.
  const commenter = await guestWith('commenter');
  const uploads: string[] = [];
  commenter.guest.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/images') && uploads.push(request.url()));
  await expectShown(commenter.guest, 0);
  await expectShown(commenter.guest, 1);
  await caretAtEnd(commenter.guest, 'Guest picture');
  await pastePng(commenter.guest, await pngBase64(commenter.guest, '#3c3'));
  await commenter.guest.keyboard.type(' here');
  await expect(commenter.guest.getByTestId('editor')).toContainText('Guest picture here');
  expect(uploads).toEqual([]);
  await expect(figures(commenter.guest)).toHaveCount(2);
  await commenter.context.close();
});
