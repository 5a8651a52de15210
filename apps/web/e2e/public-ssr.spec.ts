import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures/bree';

/**
 * The landing and legal pages as full HTML from the server, then hydrated (issue 43 item 1,
 * docs/PUBLIC-SITE.md): read without JavaScript, by a crawler's plain request, and made interactive
 * in place, with nothing moving and no press lost.
 */
const PAGES = [
  { path: '/', heading: 'Write faster, and still sound like you.', text: 'Frequently asked questions', title: 'Bree' },
  { path: '/privacy', heading: 'Privacy Policy', text: 'never used to train AI models', title: 'Privacy Policy · Bree' },
  { path: '/terms', heading: 'Terms of Service', text: 'Last updated', title: 'Terms of Service · Bree' },
  { path: '/security', heading: 'Security', text: 'Every workspace is isolated', title: 'Security · Bree' },
] as const;

/** What the server put in the page's root element, tags removed. */
function rootTextOf(html: string): string {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Holds the public pages' code (the hydrating entry) until `release` is called. */
async function holdPageCode(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test('each public page is whole in the HTML a crawler reads: text, title, canonical and Open Graph, compressed', async ({ bree, request }) => {
  for (const { path, heading, text, title } of PAGES) {
    const res = await request.get(`${bree.url}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-encoding'], path).toBe('br');
    const html = await res.text();
    const body = rootTextOf(html);
    expect(body, path).toContain(heading);
    expect(body, path).toContain(text);
    expect(body, path).not.toContain('Loading Bree');
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<link rel="canonical" href="${bree.url}${path}">`);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+">/);
    // The configuration the page was rendered with, for the browser to hydrate with.
    expect(html, path).toMatch(/<script type="application\/json" id="bree-public-config">\{"productName":"Bree"/);
  }
  // Billing is off on this server: the landing's HTML sells nothing.
  const landing = rootTextOf(await (await request.get(`${bree.url}/`)).text());
  expect(landing).toContain('Nothing to buy on this server');
  expect(landing).not.toMatch(/\$\d/);
  // The renderer is the server's own file, never sent.
  expect((await request.get(`${bree.url}/ssr/render.js`)).status()).toBe(404);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page reads whole, with the site header, footer and legal links', async ({ page, bree }) => {
    for (const { path, heading, text } of PAGES) {
      await page.goto(`${bree.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole('main'), path).toContainText(text);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Bree' }), path).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }), path).toHaveAttribute('href', '/privacy');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }), path).toHaveAttribute('href', '/terms');
      await expect(page.getByText('Loading Bree')).toHaveCount(0);
    }
    // The first question's answer is open, as the live page opens it.
    await page.goto(`${bree.url}/`);
    await expect(page.locator('[data-landing-section="faq"]').getByRole('region')).toHaveCount(1);
  });
});

test('the landing page hydrates in place: the same elements, no layout shift, the demo and FAQ live', async ({ page, bree }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
  });
  const release = await holdPageCode(page);
  await page.goto(`${bree.url}/`);
  // Before any of the page's code has run, the server's page is there.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write faster, and still sound like you.');
  await page.evaluate(() => {
    (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
  });
  await release();

  // Live: the demo moves on from its first step and the FAQ answers a click.
  await expect(page.locator('[data-demo-step]')).not.toHaveAttribute('data-demo-step', 'idle', { timeout: 15_000 });
  const faq = page.locator('[data-landing-section="faq"]');
  const second = faq.getByRole('button').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  // Hydration kept the server's elements instead of drawing the page again.
  expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverHeading: Element | null }).serverHeading)).toBe(true);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test('a press made before the page is live is not lost: the FAQ opens once its code arrives', async ({ page, bree }) => {
  const release = await holdPageCode(page);
  await page.goto(`${bree.url}/`);
  const faq = page.locator('[data-landing-section="faq"]');
  const third = faq.getByRole('button').nth(2);
  await third.click();
  await expect(third).toHaveAttribute('aria-expanded', 'false');
  await release();
  await expect(third).toHaveAttribute('aria-expanded', 'true');
});

test('a legal page hydrates in the reader’s own date format', async ({ browser, bree }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${bree.url}/privacy`);
  await expect(page.getByText(/^Last updated: \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await context.close();
});
