import type { Locator, Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { expectAccessible } from './fixtures/axe';

/** Phone-sized pages that take taps (pointer events of type touch). */
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

async function createDoc(page: Page, name: string, content = 'A first line.', extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content, ...extra });
  return answer.file.id;
}

const header = (page: Page) => page.getByTestId('mobile-header');
const mobileMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

/** The element that has focus is inside the editor's text. */
function editorHasFocus(page: Page): Promise<boolean> {
  return page.getByTestId('editor').evaluate((el) => el.contains(document.activeElement));
}

/** The box of `locator` lies inside the viewport horizontally, and the page does not scroll sideways. */
async function expectWithinWidth(page: Page, locator: Locator, width: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('phone layout', () => {
  test('the settings button opens the Document settings sheet with the AI Provider Override', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('phone-settings'));
    const fileId = await createDoc(page, 'Pocket draft');
    await page.goto(`${bree.url}/app/${fileId}`);
    await header(page).getByRole('button', { name: 'Open settings' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document settings' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('heading', { name: 'AI Provider Override' })).toBeVisible();
    const override = sheet.getByRole('radiogroup', { name: 'AI Provider Override' });
    await expect(override.getByRole('radio')).toHaveCount(2);
    // Nothing in it speaks to the team instead of the writer.
    await expect(sheet).not.toContainText(/later|coming soon|not available|not yet|issue/i);
    // This Bree has no AI provider: the override says so plainly, before any tap.
    await expect(override.getByRole('radio', { name: /Fast/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(sheet.getByTestId('model-fast')).toHaveText('Not set up on this server');
    // The sheet spans the screen and closes like any dialog, giving focus back.
    await expectWithinWidth(page, sheet, 375);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('the mobile menu closes on Escape, on a tap outside and when another sheet opens', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('phone-menu'));
    const fileId = await createDoc(page, 'Menu draft');
    await page.goto(`${bree.url}/app/${fileId}`);
    const toggle = header(page).getByRole('button', { name: /^(Open|Close) menu$/ });

    // Escape closes it and gives focus back to its button.
    await toggle.tap();
    await expect(mobileMenu(page)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileMenu(page).getByRole('button', { name: 'Documents', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mobileMenu(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // A tap outside it (here on the title) closes it.
    await toggle.tap();
    await expect(mobileMenu(page)).toBeVisible();
    await header(page).getByText('Menu draft').tap();
    await expect(mobileMenu(page)).toBeHidden();

    // The toggle still toggles: a second tap on it closes the menu.
    await toggle.tap();
    await expect(mobileMenu(page)).toBeVisible();
    await toggle.tap();
    await expect(mobileMenu(page)).toBeHidden();

    // Opening another sheet closes it, by tap or by keyboard.
    await toggle.tap();
    await expect(mobileMenu(page)).toBeVisible();
    await header(page).getByRole('button', { name: 'Open Document Actions' }).tap();
    await expect(page.getByRole('dialog', { name: 'Document actions' })).toBeVisible();
    await expect(mobileMenu(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Document actions' })).toBeHidden();

    await toggle.tap();
    await expect(mobileMenu(page)).toBeVisible();
    await header(page).getByRole('button', { name: 'Open settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Document settings' })).toBeVisible();
    await expect(mobileMenu(page)).toBeHidden();
  });

  test('sheet tabs fit at 360 px', async ({ page, auth, bree }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await auth.signUpOverHttp(newAccount('phone-tabs'));
    const fileId = await createDoc(page, 'Narrow draft');
    await page.goto(`${bree.url}/app/${fileId}`);
    await header(page).getByRole('button', { name: 'Open Document Actions' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Document actions' });
    await expect(sheet).toBeVisible();
    await expectWithinWidth(page, sheet, 360);
    const tablist = sheet.getByRole('tablist', { name: 'Document panels' });
    // Every tab is whole on screen: no tab is cut off or reachable only by scrolling the strip.
    expect(await tablist.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveText(['Document', 'History', 'Repository', 'Voice', 'Settings']);
    for (const tab of await tabs.all()) {
      await expectWithinWidth(page, tab, 360);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await tab.tap();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectWithinWidth(page, sheet.getByRole('tabpanel'), 360);
    }
    await page.keyboard.press('Escape');
    await header(page).getByRole('button', { name: 'Open settings' }).tap();
    await expectWithinWidth(page, page.getByRole('dialog', { name: 'Document settings' }), 360);
  });

  for (const width of [375, 360]) {
    test(`a long name with badges is fully visible at ${width} px`, async ({ page, auth }) => {
      await page.setViewportSize({ width, height: 740 });
      await auth.signUpOverHttp(newAccount('phone-list'));
      const name = 'Quarterly planning notes for the editorial board';
      await createDoc(page, name, 'Agenda', { isRepository: true, metadata: { isMaster: true, authenticity: 'AI-Assisted' } });
      await page.reload();
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(name);
      // Not cut: the text is not clipped or ellipsized, and the link lies inside the screen.
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
      await expectWithinWidth(page, link, width);
      const row = page.getByRole('listitem').filter({ has: link });
      const badge = row.getByText('In repository', { exact: true });
      await expect(badge).toBeVisible();
      await expect(row.getByRole('img', { name: 'Workspace' })).toBeVisible();
      // The badges sit beside or below the name, never over it.
      const linkBox = (await link.boundingBox())!;
      const badgeBox = (await badge.boundingBox())!;
      const overlaps =
        badgeBox.x < linkBox.x + linkBox.width &&
        linkBox.x < badgeBox.x + badgeBox.width &&
        badgeBox.y < linkBox.y + linkBox.height &&
        linkBox.y < badgeBox.y + badgeBox.height;
      expect(overlaps).toBe(false);
      await expectWithinWidth(page, badge, width);
      // The row stays whole: the More-actions button is on screen too.
      await expectWithinWidth(page, row.getByRole('button', { name: `More actions for ${name}` }), width);
    });
  }

  test('the formatting bar fits at 360 and 375 px; More opens a sheet with every other action, by tap and by keyboard', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('phone-toolbar'));
    const fileId = await createDoc(page, 'Thumb draft', 'Gulls over the pier.');
    await page.goto(`${bree.url}/app/${fileId}`);
    const bar = page.getByRole('toolbar', { name: 'Formatting' });
    const more = bar.getByRole('button', { name: 'More', exact: true });
    for (const width of [360, 375]) {
      await page.setViewportSize({ width, height: 740 });
      // The most used actions are in the bar, whole, on one line, each a 44 px target; nothing scrolls sideways.
      for (const name of ['Bold', 'Italic', 'Dictate', 'Assistant', 'Chat', 'More']) {
        const button = bar.getByRole('button', { name, exact: true });
        await expectWithinWidth(page, button, width);
        const box = (await button.boundingBox())!;
        expect(box.height, `${name} at ${width} px`).toBeGreaterThanOrEqual(44);
        expect(box.height, `${name} is one line`).toBeLessThan(50);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
      expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect((await bar.boundingBox())!.height, 'the bar is one row').toBeLessThan(60);
    }

    // Tap: the sheet names itself, takes focus, lists every other action; one tap acts on the text.
    await page.getByTestId('editor').getByText('Gulls over the pier.').tap();
    await more.tap();
    const sheet = page.getByRole('dialog', { name: 'More tools' });
    await expect(sheet).toBeVisible();
    await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const actions = ['Normal text', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Heading 5', 'Heading 6'];
    actions.push('Underline', 'Strikethrough', 'Code', 'Link', 'Bullet list', 'Ordered list', 'Find and replace', 'Undo', 'Redo');
    for (const name of actions) {
      const button = sheet.getByRole('button', { name, exact: true });
      await expectWithinWidth(page, button, 375);
      expect((await button.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page, 'the More sheet');
    await sheet.getByRole('button', { name: 'Bullet list', exact: true }).tap();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('editor').locator('ul li')).toHaveText('Gulls over the pier.');
    await expect.poll(() => editorHasFocus(page)).toBe(true);

    // Keyboard: Enter opens it, Escape closes it and gives focus back to More.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Bullet list', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();
    // …and Tab reaches an action, Enter runs it with the caret back in the text.
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    const heading = sheet.getByRole('button', { name: 'Heading 2', exact: true });
    for (let presses = 0; presses < 12 && !(await heading.evaluate((el) => el === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(heading).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('editor').locator('h2')).toHaveText('Gulls over the pier.');
    await expect.poll(() => editorHasFocus(page)).toBe(true);

    // A tablet (768 px) has the desktop row: every button on screen, the Assistant on one line.
    await page.setViewportSize({ width: 768, height: 1024 });
    const row = page.getByRole('toolbar', { name: 'Formatting toolbar' });
    for (const button of await row.getByRole('button').all()) await expectWithinWidth(page, button, 768);
    expect((await row.getByRole('button', { name: 'Assistant', exact: true }).boundingBox())!.height).toBeLessThan(40);
  });

  test("a variant's header names it and its master, so it never looks like the master", async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('phone-variant'));
    const masterId = await createDoc(page, 'Harbour notes', 'The tide came in.');
    await callApi(page, 'POST', '/workspaces/convert', { fileId: masterId });
    const { variantId } = await callApi<{ variantId: string }>(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' });
    const title = header(page).getByTestId('mobile-title');

    await page.goto(`${bree.url}/app/${masterId}`);
    await expect(title).toHaveText('Harbour notes');
    await expect(header(page).getByTestId('mobile-subtitle')).toHaveText('Workspace master');
    await page.goto(`${bree.url}/app/${variantId}`);
    await expect(title).toHaveText('Duplicate');
    await expect(header(page).getByTestId('mobile-subtitle')).toHaveText('Variant of Harbour notes');
    // Both lines are whole on a 375 px phone: nothing cut off or ellipsized.
    for (const line of [title, header(page).getByTestId('mobile-subtitle')]) {
      await expectWithinWidth(page, line, 375);
      expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });

  test('a new document opens with the caret in the editor (list and mobile menu)', async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('phone-new'));
    await createDoc(page, 'Existing');
    await page.reload();
    await page.getByRole('button', { name: 'Create new document' }).tap();
    await page.waitForURL(/\/app\/[^/]+$/);
    await expect.poll(() => editorHasFocus(page)).toBe(true);
    await page.keyboard.type('Straight in');
    await expect(page.getByTestId('editor')).toHaveText('Straight in');
    const first = page.url();

    await page.getByTestId('editor').blur();
    await header(page).getByRole('button', { name: 'Open menu' }).tap();
    await mobileMenu(page).getByRole('button', { name: 'New document' }).tap();
    await page.waitForURL((url) => url.href !== first && /\/app\/[^/]+$/.test(url.pathname));
    await expect(page.getByTestId('editor')).toHaveText('');
    await expect.poll(() => editorHasFocus(page)).toBe(true);
    await page.keyboard.type('From the menu');
    await expect(page.getByTestId('editor')).toHaveText('From the menu');
  });
});
