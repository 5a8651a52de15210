import type { Response } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';

test.describe('service worker', () => {
  test('registers at start-up, controls the page after a reload, and never serves /api from its cache', async ({ page, auth, bree }) => {
    await auth.signUp(newAccount());
    await page.goto(`${bree.url}/app`);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${bree.url}/`);

    const apiResponses: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiResponses.push(response);
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${bree.url}/sw.js`);
    // Wait for the list's own API calls, then none of them may have come from the worker.
    await expect.poll(() => apiResponses.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(apiResponses.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    // The app shell is precached; server-owned paths never are.
    expect(cached.some((p) => p.startsWith('/index.html'))).toBe(true);
    expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((p) => /^\/(api|oidc|interaction)(\/|$)/.test(p))).toEqual([]);
    const manifest = await page.evaluate(async () => (await (await fetch('/manifest.webmanifest')).json()) as { name: string });
    expect(manifest.name).toBe('Bree');
  });
});
