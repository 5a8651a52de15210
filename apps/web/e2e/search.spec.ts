import type { Locator, Page } from '@playwright/test';
import { fakeEmbeddingsEnv, startFakeEmbeddings } from '../../server/test/fakes/fake-embeddings';
import { callApi } from './fixtures/api';
import { expect, newAccount, test as base } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

/** This file's Bree has an embedding model (the fake's), so 'Match meaning' is offered. */
const test = base.extend<object, { bree: BreeServer }>({
  bree: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see no fixture dependencies
    async ({}, use) => {
      const embeddings = await startFakeEmbeddings();
      const server = await startBree({ env: fakeEmbeddingsEnv(embeddings) });
      await use(server);
      await server.stop();
      removeDataDir(server.dataDir);
      await embeddings.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * The search palette (docs/PRODUCT.md#search) against the real server: Ctrl/Cmd+K, the list's 'Search text'
 * button and the phone menu open it; results come from POST /api/search/text as the writer types,
 * and a result opens its document with the matched words selected and in view.
 */

const FILLER = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the harbour log, nothing of note.`);
const HARBOUR = [...FILLER, 'The quiet kingfisher dived near the old pier.', 'Evening came.'];
const ORCHARD = ['Plant the pear trees along the southern wall.', 'Prune the apples in March.'];

/** Creates a document through the API (the page's own session); answers its id. */
async function createDoc(page: Page, name: string, paragraphs: string[]): Promise<string> {
  const answer = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: `${name}.txt`, content: paragraphs.join('\n\n') });
  return answer.file.id;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search documents' });
const results = (page: Page) => palette(page).getByRole('listbox', { name: 'Search results' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox', { name: 'Search in your documents' });
const shortcut = process.platform === 'darwin' ? 'Meta+k' : 'Control+k';

/** The marked words lie inside the (two-line clamped) passage, not cut off below it. */
async function expectMarkShown(option: Locator): Promise<void> {
  const mark = option.locator('mark').first();
  await expect(mark).toBeVisible();
  const passage = option.locator('p');
  const [markBox, passageBox] = [await mark.boundingBox(), await passage.boundingBox()];
  expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(passageBox!.y + passageBox!.height + 1);
  expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(passageBox!.x + passageBox!.width + 1);
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('the search palette', () => {
  test('typed fast, it finds the document, arrows and Enter open it at the words, Escape gives focus back', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('search'));
    const harbourId = await createDoc(page, 'Harbour log', HARBOUR);
    await createDoc(page, 'Orchard plans', ORCHARD);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Harbour log', exact: true })).toBeVisible();

    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/search/text') searches.push(request.postData() ?? '');
    });

    // Escape closes it and gives focus back to where it was: the list's own name filter stays as it is.
    const nameFilter = page.getByRole('searchbox', { name: 'Search documents' });
    await nameFilter.focus();
    await page.keyboard.press(shortcut);
    await expect(palette(page)).toBeVisible();
    await expect(paletteInput(page)).toBeFocused();
    await expect(palette(page).getByText(/Type a word or phrase/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(nameFilter).toBeFocused();

    await page.keyboard.press(shortcut);
    await page.keyboard.type('kingfisher pier', { delay: 15 });
    const options = results(page).getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Harbour log');
    await expect(options.first().locator('mark').first()).toHaveText(/kingfisher|pier/i);
    // Typing fast sends far fewer searches than keys, and the last one is the whole query.
    expect(searches.length).toBeLessThan('kingfisher pier'.length / 2);
    expect(JSON.parse(searches.at(-1)!)).toMatchObject({ query: 'kingfisher pier' });

    // Tab stays inside the palette.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await palette(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await paletteInput(page).focus();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(paletteInput(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${bree.url}/app/${harbourId}`);
    await expect(palette(page)).toHaveCount(0);
    const words = page.getByTestId('editor').getByText('The quiet kingfisher dived near the old pier.');
    await expect(words).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toMatch(/^(kingfisher|pier)/i);
  });

  test("says 'No results', opens from the list's button, and a click opens a result", async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('search-empty'));
    const orchardId = await createDoc(page, 'Orchard plans', ORCHARD);
    await page.reload();

    await page.getByRole('button', { name: /Search text/ }).click();
    await expect(palette(page)).toBeVisible();
    await paletteInput(page).pressSequentially('zeppelin', { delay: 10 });
    await expect(palette(page).getByText('No results for “zeppelin”.')).toBeVisible();

    // Words as written find nothing for another form of a word; in English they do ('pruning' for 'Prune').
    await paletteInput(page).fill('pruning');
    await expect(palette(page).getByText('No results for “pruning”.')).toBeVisible();
    const language = palette(page).getByLabel('Language');
    await expect(language).toHaveValue('simple');
    await language.selectOption({ label: 'English' });
    await expect(results(page).getByRole('option').filter({ hasText: 'Orchard plans' })).toBeVisible();
    expect((await callApi<{ language: string }>(page, 'GET', '/search/settings')).language).toBe('english');

    await paletteInput(page).fill('pear trees');
    // The answer for the new words: until it arrives the list still shows the last one.
    const option = results(page)
      .getByRole('option')
      .filter({ hasText: 'Orchard plans', has: page.locator('mark', { hasText: /^pear$/i }) });
    await expect(option).toBeVisible();
    for (const width of [1100, 768, 480, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(option).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    // A full-screen sheet on phones.
    expect((await palette(page).boundingBox())?.width).toBe(360);
    await option.click();
    await page.waitForURL(`${bree.url}/app/${orchardId}`);
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toMatch(/^pear/i);
  });

  test("the phone menu's 'Search text' opens it at 375 px, the matched words show, and variants show only when asked", async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('search-phone'));
    const masterId = await createDoc(page, 'Lighthouse essay', [
      'On the northern cliff, past the old quarry, the sheep fields, the ruined chapel and the long dry stone wall, the keeper counted albatrosses every dawn.',
    ]);
    await callApi(page, 'POST', '/workspaces/convert', { fileId: masterId });
    // A duplicate is a variant, ready at once.
    await callApi(page, 'POST', `/workspaces/${masterId}/variants`, { type: 'duplicate' });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${bree.url}/app/${masterId}`);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Search text' }).click();
    await expect(palette(page)).toBeVisible();
    expect((await palette(page).boundingBox())?.width).toBe(375);
    await expectNoSidewaysScroll(page);

    await paletteInput(page).fill('albatrosses');
    const options = results(page).getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).not.toContainText('Variant');
    // The word comes late in the sentence: the snippet starts near it, so two lines on a phone show it.
    await expectMarkShown(options.first());
    await expect(palette(page).getByText(/drafts?/i)).toHaveCount(0);
    await palette(page).getByRole('checkbox', { name: 'Include variants' }).check();
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: 'Variant' })).toHaveCount(1);
    for (const option of await options.all()) await expectMarkShown(option);

    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test("'Match meaning' says 'No close matches' instead of an unrelated document, and Enter opens nothing", async ({ page, auth }) => {
    await auth.signUpOverHttp(newAccount('search-meaning'));
    await createDoc(page, 'Apple pie recipe', ['Warm the oven, sift the flour and bake until golden.']);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Apple pie recipe', exact: true })).toBeVisible();
    await page.keyboard.press(shortcut);
    const meaning = palette(page).getByRole('switch', { name: 'Match meaning' });
    await meaning.check();
    const hybrid = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search/hybrid' && r.request().postData()?.includes('gulls argued') === true);
    await paletteInput(page).pressSequentially('gulls argued', { delay: 10 });
    expect((await hybrid).status()).toBe(200);
    await expect(palette(page).getByRole('status')).toHaveText('No close matches for “gulls argued”.');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/app');
  });
});
