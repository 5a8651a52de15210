import type { Locator, Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { callApi } from './fixtures/api';

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
