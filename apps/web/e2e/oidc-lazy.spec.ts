import type { Page } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import { apiAnswer } from './fixtures/api';

// The editor page loads oidc-client-ts only when the protocol is needed (docs/PAGE-WEIGHT.md):
// a signed-in writer with a valid token types without it; a token near its expiry loads it and refreshes.

/** The stored user's entry (the one oidc-client-ts keeps in localStorage). */
async function storedUser(page: Page): Promise<{ key: string; user: { access_token: string; expires_at: number } }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    return { key, user: JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string; expires_at: number } };
  });
}

test('a writer with a valid token types without oidc-client-ts; one near its expiry loads it and refreshes', async ({ page, auth, bree }) => {
  await auth.signUpOverHttp(newAccount());
  const created = await apiAnswer(page, 'POST', '/files/create', { filePath: 'Lazy.txt', content: 'First line' });
  expect(created.status).toBe(200);
  const fileId = (created.body.file as { id: string }).id;

  const libraryLoads: string[] = [];
  const tokenCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/assets\/userManager-[^/]*\.js$/.test(path)) libraryLoads.push(path);
    if (request.method() === 'POST' && /\/token$/.test(path)) tokenCalls.push(path);
  });

  await page.goto(`${bree.url}/app/${fileId}`);
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' and more');
  await expect.poll(async () => JSON.stringify((await apiAnswer(page, 'POST', '/files/get', { fileId })).body.file)).toContain('First line and more');
  expect(libraryLoads).toEqual([]);
  expect(tokenCalls).toEqual([]);

  // A token with a minute left is inside the 2-minute margin: the next load refreshes it.
  const before = await storedUser(page);
  await page.evaluate(({ key, user }) => localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) + 60 })), before);
  await page.reload();
  await expect(page.getByTestId('editor')).toContainText('First line and more');
  await expect.poll(async () => (await storedUser(page)).user.access_token).not.toBe(before.user.access_token);
  expect(libraryLoads.length).toBe(1);
  expect(tokenCalls.length).toBeGreaterThan(0);
  expect((await storedUser(page)).user.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 120);
});
