import type { Response } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { callApi } from './fixtures/api';

test.describe('service worker', () => {
  // Every other spec blocks the worker (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('registers at start-up, controls the page after a reload, and never serves /api from its cache', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
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

  test('Background Sync: with every Bree tab closed, the worker sends the offline edit through the one save path', async ({ page, auth, bree, context }) => {
    await auth.signUpOverHttp(newAccount());
    const doc = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', { filePath: 'Train notes.txt', content: 'Platform four' });
    const session = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      return {
        token: (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '',
        tenant: localStorage.getItem('currentTenant') ?? '',
      };
    });
    await page.goto(`${bree.url}/app/${doc.file.id}`);
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await expect(page.getByTestId('editor')).toContainText('Platform four');

    await context.setOffline(true);
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', the slow train.');
    await expect(page.getByText('Saved offline - will sync when online').first()).toBeVisible({ timeout: 10_000 });
    const workerRequests: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() && request.url().endsWith('/api/files/content-only-update')) workerRequests.push(request.url());
    });
    // The tab goes (its prompt accepted): only the worker is left to send the edit.
    page.on('dialog', (dialog) => void dialog.accept());
    const cdpPage = await context.newPage();
    // With runBeforeUnload, close() does not wait: the tab must be gone before the network returns.
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    await context.setOffline(false);

    // Chromium may fire the sync by itself on reconnecting; it is fired here too, for the tag the app registered.
    const cdp = await context.newCDPSession(cdpPage);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${bree.url}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const fireSync = () => cdp.send('ServiceWorker.dispatchSyncEvent', { origin: bree.url, registrationId, tag: 'bree-offline-saves', lastChance: false });
    await fireSync();

    const serverText = async () => {
      const res = await fetch(`${bree.url}/api/files/get`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, 'X-Tenant-Id': session.tenant, 'Content-Type': 'application/json' },
        body: JSON.stringify({ fileId: doc.file.id }),
      });
      const { file } = (await res.json()) as { file: { content: unknown; revision: number } };
      return { text: JSON.stringify(file.content), revision: file.revision };
    };
    // A sync that ran before the worker saw the network again fails and waits for the browser's next
    // try, minutes later: while the edit has not arrived, fire the sync again as that retry would.
    await expect
      .poll(
        async () => {
          const { text } = await serverText();
          if (!text.includes('Platform four, the slow train.')) await fireSync();
          return text;
        },
        { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toContain('Platform four, the slow train.');
    expect(workerRequests.length).toBeGreaterThanOrEqual(1);
    // Chromium may also fire the sync by itself on reconnecting: a second send of the same record
    // carries the same operation id and is answered once, so the document was written once.
    expect((await serverText()).revision).toBe(2);
  });

  test("installable: the manifest's icons and 'New document' shortcut work, and the profile menu offers installation once", async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount());
    const manifest = await page.evaluate(
      async () =>
        (await (await fetch('/manifest.webmanifest')).json()) as {
          start_url: string;
          display: string;
          icons: { src: string; sizes: string; purpose?: string }[];
          shortcuts: { name: string; url: string }[];
        },
    );
    expect(manifest).toMatchObject({ start_url: '/app', display: 'standalone' });
    const sizes = manifest.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${bree.url}${icon.src}`);
      expect(res.status(), icon.src).toBe(200);
    }
    const shortcut = manifest.shortcuts.find((s) => s.name === 'New document');
    expect(shortcut).toBeTruthy();

    // The shortcut opens a new document, once: the address loses its parameter before a reload could repeat it.
    // (A word is written first: a new document left empty is not kept.)
    await page.goto(`${bree.url}${shortcut!.url}`);
    await expect(page).toHaveURL(/\/app\/[^/?]+$/);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Shortcut');
    await expect(page.getByTestId('save-status').first()).toHaveText(/^Saved/);
    await page.goBack();
    await expect(page).toHaveURL(`${bree.url}/app`);
    await expect(page.getByRole('button', { name: 'Create new document' })).toBeVisible();
    const list = await callApi<{ items: unknown[] }>(page, 'GET', '/files/list-paged?limit=50&sort=date&view=documents');
    expect(list.items).toHaveLength(1);

    // Chromium offers installation with beforeinstallprompt; the menu shows 'Install app' until the writer answers.
    const menu = page.getByRole('button', { name: 'Open profile menu' });
    await menu.click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
    });
    await menu.click();
    await page.getByRole('button', { name: 'Install app' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('installPromptAnswered'))).toBe('dismissed');
    await page.keyboard.press('Escape');
    await menu.click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  });
});
