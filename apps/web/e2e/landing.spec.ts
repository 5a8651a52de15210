import type { Page } from '@playwright/test';
import { axeOn, expectAccessible } from './fixtures/axe';
import { AuthPages, expect, newAccount, test } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';

/**
 * The landing page and /security (docs/PRODUCT.md#landing) on a real Bree
 * whose SUPPORT_EMAIL is set: one server for the whole file.
 */
const SUPPORT = 'help@bree.example';
let bree: BreeServer;

test.beforeAll(async () => {
  bree = await startBree({ env: { SUPPORT_EMAIL: SUPPORT } });
});
test.afterAll(async () => {
  await bree.stop();
  removeDataDir(bree.dataDir);
});

const SECTIONS = ['header', 'hero', 'providers', 'features', 'audience', 'preview', 'testimonials', 'comparison', 'pricing', 'why', 'faq', 'cta', 'footer'];

async function openLanding(page: Page): Promise<void> {
  await page.goto(`${bree.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const section = (page: Page, name: string) => page.locator(`[data-landing-section="${name}"]`);
const demo = (page: Page) => page.locator('[data-demo-step]');

test('the thirteen parts of the landing page, in order, each with its heading', async ({ page }) => {
  await openLanding(page);
  expect(await page.locator('[data-landing-section]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-landing-section')))).toEqual(SECTIONS);

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(section(page, 'header').getByRole('banner')).toBeVisible();
  await expect(section(page, 'header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(section(page, 'hero').getByRole('heading', { level: 1 })).toHaveText('Write faster, and still sound like you.');
  const headings: Array<[string, string | RegExp]> = [
    ['providers', /Works with the models you choose/],
    ['features', 'Everything a draft needs, in your voice'],
    ['audience', 'Made for people who write for a living'],
    ['preview', 'Edit with the assistant, keep the final word'],
    ['testimonials', 'Writers who kept their voice'],
    ['comparison', 'How Bree compares'],
    ['pricing', 'Nothing to buy on this server'],
    ['why', 'Why writers choose Bree'],
    ['faq', 'Frequently asked questions'],
    ['cta', 'Your next draft, in your own voice'],
  ];
  for (const [name, title] of headings) await expect(section(page, name).getByRole('heading', { level: 2 }).first()).toHaveText(title);
  await expect(section(page, 'footer').getByRole('contentinfo')).toBeVisible();

  // The four feature cards.
  await expect(section(page, 'features').getByRole('heading', { level: 3 })).toHaveText([
    "Author's Voice",
    'Writing Tools',
    'Workspaces',
    'Voice Transcription',
  ]);
});

test('the landing page loads no editor, sanitizer, Markdown, Radix or chart code', async ({ page }) => {
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({ url: response.url(), body })));
  });
  await openLanding(page);
  // Everything a reader can open on the page, so lazily loaded parts count too.
  await section(page, 'faq').getByRole('button').nth(2).click();
  await page.getByRole('group', { name: 'Choose a testimonial' }).getByRole('button').nth(1).click();
  await page.getByRole('button', { name: 'Pause demo' }).click();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  const heavy = loaded.filter(({ body }) => /ProseMirror|tiptap|DOMPurify|data-radix|recharts/.test(body)).map(({ url }) => url);
  expect(heavy).toEqual([]);
});

test('the header anchors scroll to Features, Pricing and FAQ', async ({ page }) => {
  await openLanding(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const [label, id] of [
    ['FAQ', 'faq'],
    ['Features', 'services'],
    ['Pricing', 'pricing'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page.locator(`#${id}`)).toBeInViewport();
    await expect(page).toHaveURL(`${bree.url}/#${id}`);
  }
});

test('the FAQ keeps exactly one question open, and the open one closes', async ({ page }) => {
  await openLanding(page);
  const questions = section(page, 'faq').getByRole('button');
  await expect(questions).toHaveCount(6);
  const open = section(page, 'faq').locator('button[aria-expanded="true"]');
  await expect(open).toHaveCount(1);
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');

  const third = questions.nth(2);
  await third.click();
  await expect(third).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(open).toHaveCount(1);
  const answer = page.locator(`#${await third.getAttribute('aria-controls')}`);
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Never.');

  // A fast reader: several questions in a row, still only the last one open.
  await questions.nth(4).click();
  await questions.nth(5).click();
  await questions.nth(1).click();
  await expect(open).toHaveCount(1);
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');

  await questions.nth(1).click();
  await expect(open).toHaveCount(0);
  await expect(section(page, 'faq').getByRole('region')).toHaveCount(0);
});

test('testimonials rotate on their own, with four avatars and exactly one active', async ({ page }) => {
  // Rotation runs on the page's clock, moved on by the test instead of waited for.
  await page.clock.install();
  await openLanding(page);
  const avatars = page.getByRole('group', { name: 'Choose a testimonial' }).getByRole('button');
  await expect(avatars).toHaveCount(4);
  const active = page.getByRole('group', { name: 'Choose a testimonial' }).locator('button[aria-pressed="true"]');
  await expect(active).toHaveCount(1);
  const quote = section(page, 'testimonials').locator('blockquote');

  // Rotation: the active quote moves on without a click (the pointer stays away: hovering pauses it).
  await page.mouse.move(0, 0);
  const first = await active.getAttribute('aria-label');
  const firstQuote = await quote.textContent();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(500);
        return active.getAttribute('aria-label');
      },
      { intervals: [20], timeout: 15_000 },
    )
    .not.toBe(first);
  await expect(quote).not.toHaveText(firstQuote ?? '');
  await expect(active).toHaveCount(1);

  // A click chooses: the clicked avatar becomes the only active one.
  for (const index of [3, 0, 2]) {
    await avatars.nth(index).click();
    await expect(avatars.nth(index)).toHaveAttribute('aria-pressed', 'true');
    await expect(active).toHaveCount(1);
  }
  await expect(quote).toContainText('One article becomes a thread');
});

test('the comparison is a table of three contenders with labelled marks', async ({ page }) => {
  await openLanding(page);
  const table = page.getByRole('table', { name: /How Bree compares/ });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Traditional editors', 'Generic AI tools', 'Bree']);
  await expect(table.getByRole('rowheader')).toHaveCount(6);
  const row = table.getByRole('row', { name: /Works with any model/ });
  await expect(row.getByRole('img')).toHaveCount(3);
  await expect(row.getByRole('img', { name: 'No' })).toHaveCount(2);
  await expect(row.getByRole('img', { name: 'Yes' })).toHaveCount(1);
  await expect(table.getByRole('img', { name: 'Partly' }).first()).toBeVisible();
  for (const verdict of ['good', 'warn', 'bad']) expect(await table.locator(`td[data-verdict="${verdict}"]`).count()).toBeGreaterThan(0);

  // At 360 px every heading's words fit their column whole (no word cut or running into the next column).
  await page.setViewportSize({ width: 360, height: 800 });
  // Measured with breaking inside words turned off: a word that does not fit whole overflows its cell.
  const overflowing = await table.locator('th').evaluateAll((cells) =>
    cells
      .filter((c) => {
        Object.assign(c.style, { overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' });
        const over = c.scrollWidth > c.clientWidth;
        c.removeAttribute('style');
        return over;
      })
      .map((c) => c.textContent),
  );
  expect(overflowing).toEqual([]);
});

test('billing off (no Stripe key): the pricing section and the FAQ describe a self-hosted Bree, with no price anywhere', async ({ page }) => {
  await openLanding(page);
  const pricing = section(page, 'pricing');
  await expect(pricing.getByRole('heading', { level: 2 })).toHaveText('Nothing to buy on this server');
  await expect(pricing.getByRole('heading', { level: 3 })).toHaveText(['One plan for every account', 'The operator’s own AI', 'Your writing stays here']);
  await expect(pricing.locator('[data-featured]')).toHaveCount(0);
  const faq = section(page, 'faq');
  await faq.getByRole('button', { name: 'What does Bree cost here?' }).click();
  await expect(faq.getByRole('region')).toContainText('billing is off');
  expect(await page.locator('main').innerText()).not.toMatch(/\$\d|per month|Beta pricing/);
});

/** Moves the page's fake clock on in small steps until the preview shows `step` (a step lasts at least 1.2 s of it). */
async function runDemoUntil(page: Page, step: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(200);
        return demo(page).getAttribute('data-demo-step');
      },
      { intervals: [20], timeout: 20_000, message: `the preview reaches ${step}` },
    )
    .toBe(step);
}

test('the editor preview runs the Modify loop to accept and starts again', async ({ page }) => {
  // The loop's 17 s run on the page's clock, moved on by the test (docs/PRODUCT.md#landing gives its steps).
  await page.clock.install();
  await openLanding(page);
  await demo(page).scrollIntoViewIfNeeded();
  await expect(demo(page)).toHaveAttribute('data-demo-playing', 'true');
  await runDemoUntil(page, 'prompt');
  await expect(demo(page).getByText('How should this text be rewritten?')).toBeVisible();
  await runDemoUntil(page, 'suggestion');
  await expect(demo(page).getByText('Modified', { exact: true })).toBeVisible();
  await runDemoUntil(page, 'accept');
  await runDemoUntil(page, 'idle');

  await page.getByRole('button', { name: 'Pause demo' }).click();
  await expect(demo(page)).toHaveAttribute('data-demo-playing', 'false');
  await expect(page.getByRole('button', { name: 'Play demo' })).toBeVisible();
  const paused = await demo(page).getAttribute('data-demo-step');
  await page.clock.runFor(10_000);
  await expect(demo(page)).toHaveAttribute('data-demo-step', paused ?? '');
});

test('with reduced motion the preview holds still at its end until asked to play', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.clock.install();
  await openLanding(page);
  await expect(demo(page)).toHaveAttribute('data-demo-step', 'accept');
  await expect(demo(page)).toHaveAttribute('data-demo-playing', 'false');
  const testimonial = await section(page, 'testimonials').locator('[data-testimonial-active]').getAttribute('data-testimonial-active');

  await page.clock.fastForward(60_000);
  await expect(demo(page)).toHaveAttribute('data-demo-step', 'accept');
  await expect(section(page, 'testimonials').locator('[data-testimonial-active]')).toHaveAttribute('data-testimonial-active', testimonial ?? '');

  await page.getByRole('button', { name: 'Play demo' }).click();
  await expect(demo(page)).toHaveAttribute('data-demo-playing', 'true');
  await page.clock.fastForward(3_000);
  await expect(demo(page)).not.toHaveAttribute('data-demo-step', 'accept');
  await context.close();
});

test('a visitor is invited to try it free; after signing in the hero reads Continue Writing and opens /app', async ({ page }) => {
  await openLanding(page);
  const hero = section(page, 'hero');
  await expect(hero.getByRole('button', { name: 'Try Bree for free' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Continue Writing' })).toHaveCount(0);

  // The hero's button goes through the real sign-up page and lands in /app.
  const account = newAccount('landing');
  await hero.getByRole('button', { name: 'Try Bree for free' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${bree.url}/app`);
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  // Opening Bree at / while signed in goes on to /app (docs/PRODUCT.md#landing).
  await page.goto(`${bree.url}/`);
  await page.waitForURL(`${bree.url}/app`);

  // Coming back to / through Bree's own wordmark shows the landing page with Continue Writing (docs/PRODUCT.md#landing).
  await page.goto(`${bree.url}/privacy`);
  await page.getByRole('banner').getByRole('link', { name: 'Bree' }).click();
  await expect(page).toHaveURL(`${bree.url}/`);
  await expect(hero.getByRole('link', { name: 'Continue Writing' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Try Bree for free' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await hero.getByRole('link', { name: 'Continue Writing' }).click();
  await page.waitForURL(`${bree.url}/app`);
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  await new AuthPages(page, bree).signOut();
  await expect(section(page, 'hero').getByRole('button', { name: 'Try Bree for free' })).toBeVisible();
});

test('the footer links to the blog, the legal pages, security and the configured support address', async ({ page }) => {
  await openLanding(page);
  const footer = page.getByRole('contentinfo');
  const links: Array<[string, string]> = [
    ['Blog', '/blog'],
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
    ['Security', '/security'],
  ];
  for (const [name, href] of links) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: `Support: ${SUPPORT}` })).toHaveAttribute('href', `mailto:${SUPPORT}`);
  await expect(footer.getByRole('navigation')).toHaveCount(3);

  await footer.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
});

test('/security explains how data is kept, with the support address for reports', async ({ page }) => {
  await page.goto(`${bree.url}/security`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    '1. Every workspace is isolated',
    '2. Encryption in transit',
    '3. Passwords and sign-in',
    '4. Tokens and sessions',
    '5. AI providers and your data',
    '6. Backups',
    '7. Reporting a vulnerability',
  ]);
  await expect(page.getByRole('main').getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
  await expect(page.getByRole('button', { name: /back/i })).toBeVisible();
});

test('no sideways scroll at 1100, 768, 480 and 360 px', async ({ page }) => {
  for (const path of ['/', '/security']) {
    await page.goto(`${bree.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of [1100, 768, 480, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `${path} at ${width} px` }).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('axe finds nothing on /, the legal pages, the blog, the updates and the 404 page, wide and narrow', async ({ page }) => {
  test.slow();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await openLanding(page);
    await expectAccessible(page, `the landing page at ${width} px`);
    // Lighthouse also reads a control's visible text in its name (axe keeps that rule off by default).
    const named = await axeOn(page).withRules(['label-content-name-mismatch']).analyze();
    expect(named.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await section(page, 'faq').getByRole('button').nth(3).click();
    await expectAccessible(page, `the landing page with another FAQ answer open at ${width} px`);
    for (const path of ['/security', '/privacy', '/terms', '/blog', '/updates', '/no-such-page']) {
      await page.goto(`${bree.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} at ${width} px`);
    }
  }
});
