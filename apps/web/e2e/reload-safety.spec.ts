import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { test, expect, newAccount } from './fixtures/bree';
import type { AuthPages } from './fixtures/bree';
import { callApi } from './fixtures/api';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The server moves on while the tab is closed: the recovered text's save is answered 409 on purpose.
test.use(
  allowConsoleErrors(
    failedLoad({ status: 409, path: '/api/files/content-only-update' }),
    // The page goes offline right after it opens: what it asks just after the editor shows (who else is here, the
    // comments, the suggestions) may still be on its way, and fails; each asks again once online.
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/presence/' }),
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/comments/list/' }),
    failedLoad({ error: 'ERR_INTERNET_DISCONNECTED', path: '/api/suggestions/list/' }),
  ),
);

/**
 * docs/SAVING.md "Every keystroke is safe": each change reaches the browser's local store within
 * 250 ms of the last key, leaving the page sends the pending save with keepalive, and the next
 * open of the document recovers what the server does not have yet, saved with its base revision.
 */

const status = (page: Page) => page.getByTestId('save-status').first();

/** The plain text of a stored document tree, one line per block. */
function plainText(doc: unknown): string {
  const blocks = ((doc as { content?: { content?: { text?: string }[] }[] })?.content ?? []).map((b) => (b.content ?? []).map((n) => n.text ?? '').join(''));
  return blocks.join('\n');
}

/** The server's text and revision of a document. */
async function serverFile(page: Page, fileId: string): Promise<{ text: string; revision: number }> {
  const answer = await callApi<{ file: { content: unknown; revision: number } }>(page, 'POST', '/files/get', { fileId });
  return { text: plainText(answer.file.content), revision: answer.file.revision };
}

/** The document's copy in the browser's local store (IndexedDB 'bree-offline'), or null. */
function localCopy(page: Page, fileId: string): Promise<{ text: string; baseRevision: number; timestamp: number } | null> {
  return page
    .evaluate(
      (id) =>
        new Promise<{ content: unknown; baseRevision: number; timestamp: number } | null>((resolve, reject) => {
          const open = indexedDB.open('bree-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('saves')) return resolve(null);
            const get = db
              .transaction('saves')
              .objectStore('saves')
              .get(`${localStorage.getItem('currentTenant') ?? ''}:${id}`);
            get.onsuccess = () => resolve((get.result as { content: unknown; baseRevision: number; timestamp: number } | undefined) ?? null);
            get.onerror = () => reject(get.error);
          };
        }),
      fileId,
    )
    .then((record) => (record ? { text: plainText(record.content), baseRevision: record.baseRevision, timestamp: record.timestamp } : null));
}

interface Http {
  request: APIRequestContext;
  base: string;
  headers: Record<string, string>;
}

/** Bree's API from the test itself, as another device: no page, no route and no offline emulation applies. */
async function httpFrom(page: Page, request: APIRequestContext): Promise<Http> {
  const auth = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    return {
      token: (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '',
      tenant: localStorage.getItem('currentTenant') ?? '',
    };
  });
  return {
    // The test's own request context, not the browser context's, which a crashed tab can stall.
    request,
    base: new URL('/api', page.url()).href,
    headers: { Authorization: `Bearer ${auth.token}`, 'X-Tenant-Id': auth.tenant },
  };
}

/** The server's text of a document, asked over HTTP. */
async function serverTextOverHttp(http: Http, fileId: string): Promise<string> {
  const answer = await http.request.post(`${http.base}/files/get`, { headers: http.headers, data: { fileId } });
  expect(answer.status()).toBe(200);
  return plainText(((await answer.json()) as { file: { content: unknown } }).file.content);
}

/** Saves `text` over HTTP as another device would. */
async function saveFromElsewhere(http: Http, input: { fileId: string; text: string; baseRevision: number }): Promise<void> {
  const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: input.text }] }] };
  const answer = await http.request.post(`${http.base}/files/content-only-update`, {
    headers: http.headers,
    data: { fileId: input.fileId, content, baseRevision: input.baseRevision, operationId: `elsewhere-${Date.now()}`, source: 'autosave' },
  });
  expect(answer.status()).toBe(200);
}

/** Opens a new, empty document from the list, with the caret in its text. */
async function createDocument(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create new document' }).first().click();
  await page.waitForURL(/\/app\/[0-9A-HJKMNP-TV-Z]{26}$/);
  await expect(page.getByTestId('editor')).toBeVisible();
  return page.url().split('/').pop() ?? '';
}

/** Accepts the browser's 'Leave site?' prompt, as the writer does. */
function acceptLeavePrompt(page: Page): void {
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
}

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
] as const;

for (const { name, use } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use(use);

    test('a sentence typed and reloaded within 300 ms is all there, and saved', async ({ page, auth }) => {
      await auth.signUpOverHttp(newAccount(`reload-${name}`));
      const fileId = await createDocument(page);
      const editor = page.getByTestId('editor');
      await editor.click();
      const sentence = 'The harbour woke before the gulls did.';
      await page.keyboard.type(sentence);
      acceptLeavePrompt(page);
      // At once: well within the 300 ms the writer takes to press F5.
      await page.reload();
      await expect(page.getByTestId('editor')).toHaveText(sentence);
      await expect(status(page)).toHaveText(/^Saved/);
      expect((await serverFile(page, fileId)).text).toBe(sentence);
    });
  });
}

test.describe('closing the tab', () => {
  // Offline, nothing reaches the server while the tab lives; a closing tab's keepalive save outlives
  // the tab and may escape the emulation with it, so each test makes that save prove nothing (a
  // crash sends none; another device's save first makes it stale): only the local store can bring
  // the words back.

  /** Opens the document in a fresh tab of the same browser, noting the first save it sends. */
  async function reopen(context: BrowserContext, url: string): Promise<{ page: Page; firstSave: Promise<Request> }> {
    const page = await context.newPage();
    const firstSave = page.waitForRequest((request) => request.url().endsWith('/api/files/content-only-update') && request.method() === 'POST', {
      timeout: 30_000,
    });
    await page.goto(url);
    return { page, firstSave };
  }

  /** A signed-up writer (`label` names the account and the document) with the document 'Start' open in the editor. */
  async function openStart(
    page: Page,
    auth: AuthPages,
    label: string,
    request: APIRequestContext,
  ): Promise<{ fileId: string; revision: number; url: string; http: Http }> {
    await auth.signUpOverHttp(newAccount(label));
    const doc = await callApi<{ file: { id: string; revision: number } }>(page, 'POST', '/files/create', { filePath: `${label}.txt`, content: 'Start' });
    const url = new URL(`/app/${doc.file.id}`, page.url()).href;
    // The suggestion card and the workspace section load just after the editor shows, and ask the
    // server on arrival: answered before a test goes offline, whose point is typing, not their load.
    const settled = Promise.all(
      ['/api/background-responses/', '/api/workspaces/metadata/'].map((path) => page.waitForResponse((r) => r.url().includes(`${path}${doc.file.id}`))),
    );
    await page.goto(url);
    await expect(page.getByTestId('editor')).toHaveText('Start');
    await settled;
    return { fileId: doc.file.id, revision: doc.file.revision, url, http: await httpFrom(page, request) };
  }

  /** Types at the end of the document. */
  async function typeAtEnd(page: Page, text: string): Promise<void> {
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(text);
  }

  test('every word is in the local store within 250 ms and comes back in a new tab, saved with its base revision', async ({ page, context, auth, request }) => {
    const doc = await openStart(page, auth, 'tide', request);
    await context.setOffline(true);
    await typeAtEnd(page, ' High water at noon.');
    const lastKeyAt = await page.evaluate(() => Date.now());
    await expect.poll(async () => (await localCopy(page, doc.fileId))?.text, { intervals: [20], timeout: 1000 }).toBe('Start High water at noon.');
    // The copy holding the last key was taken (its timestamp, on the page's clock) within 250 ms of it.
    const copy = await localCopy(page, doc.fileId);
    expect(copy!.timestamp - lastKeyAt).toBeLessThanOrEqual(250);
    expect(copy!.baseRevision).toBe(doc.revision);
    // The tab is frozen, then closed, as a phone freezes a tab in the background and later drops
    // it: no pagehide runs and no last save is sent, so only the local store can bring the words
    // back. (A closing tab's keepalive save outlives the tab, and with it the context's offline
    // emulation: it may reach the server, which would prove nothing here.)
    await (await context.newCDPSession(page)).send('Page.setWebLifecycleState', { state: 'frozen' });
    await page.close();
    expect(await serverTextOverHttp(doc.http, doc.fileId)).toBe('Start');

    await context.setOffline(false);
    const { page: again, firstSave } = await reopen(context, doc.url);
    await expect(again.getByTestId('editor')).toHaveText('Start High water at noon.');
    expect(((await firstSave).postDataJSON() as { baseRevision: number }).baseRevision).toBe(doc.revision);
    await expect(status(again)).toHaveText(/^Saved/);
    expect(await serverTextOverHttp(doc.http, doc.fileId)).toBe('Start High water at noon.');
    await expect.poll(() => localCopy(again, doc.fileId)).toBeNull();
  });

  test('a tab closed before any timer ran still keeps every word: the page writes its last copy as it goes', async ({ page, context, auth, request }) => {
    await context.clock.install();
    const doc = await openStart(page, auth, 'pier', request);
    await context.setOffline(true);
    // The page's timers stand still: neither the local copy's timer nor the autosave runs.
    await context.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await typeAtEnd(page, ' Rope and salt.');
    expect(await localCopy(page, doc.fileId)).toBeNull();
    // Another device saves first. The closing tab's keepalive save outlives the tab, and with it the
    // context's offline emulation: if it reaches the server it is refused as stale, so whatever
    // comes back below can only come from the copy the page wrote as it went.
    await saveFromElsewhere(doc.http, { fileId: doc.fileId, text: 'Start theirs', baseRevision: doc.revision });
    // The clock belongs to the browser and needs a tab to run in: the next tab is open, still blank.
    const again = await context.newPage();
    acceptLeavePrompt(page);
    // With the leave prompt to answer, close() returns before the tab has gone: wait for it, so the
    // context's next change (going online) never meets a tab half closed.
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(await serverTextOverHttp(doc.http, doc.fileId)).toBe('Start theirs');

    await context.clock.resume();
    await context.setOffline(false);
    await again.goto(doc.url);
    await expect(again.getByTestId('editor')).toHaveText('Start Rope and salt.');
    const dialog = again.getByRole('dialog', { name: 'This document changed in another tab or device' });
    await expect(dialog.getByRole('region', { name: 'Your version' })).toContainText('Start Rope and salt.');
  });

  test('when the server moved on meanwhile, the recovered text opens the conflict choice and both texts are kept', async ({ page, context, auth, request }) => {
    const doc = await openStart(page, auth, 'quay', request);
    await context.setOffline(true);
    await typeAtEnd(page, ' mine');
    // Within a quarter second of the last key (a second here, for a busy machine), long before any autosave.
    await expect.poll(async () => (await localCopy(page, doc.fileId))?.text, { intervals: [20], timeout: 1000 }).toBe('Start mine');
    // Another device saves first, on the same base revision (before the tab closes: its keepalive
    // save may escape the offline emulation with the tab, and is then refused as stale).
    await saveFromElsewhere(doc.http, { fileId: doc.fileId, text: 'Start theirs', baseRevision: doc.revision });
    acceptLeavePrompt(page);
    // With the leave prompt to answer, close() returns before the tab has gone: wait for it, so the
    // context's next change (going online) never meets a tab half closed.
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;

    await context.setOffline(false);
    const { page: again, firstSave } = await reopen(context, doc.url);
    await expect(again.getByTestId('editor')).toHaveText('Start mine');
    expect(((await firstSave).postDataJSON() as { baseRevision: number }).baseRevision).toBe(doc.revision);
    const dialog = again.getByRole('dialog', { name: 'This document changed in another tab or device' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Your version' })).toContainText('Start mine');
    await expect(dialog.getByRole('region', { name: 'Latest version' })).toContainText('Start theirs');
    await expect(status(again)).not.toHaveText(/^Saved/);
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(again)).toHaveText(/^Saved/);
    expect(await serverTextOverHttp(doc.http, doc.fileId)).toBe('Start mine');
    // The text not chosen is kept in History.
    const versions = await callApi<{ versions: { reason: string; preview: string }[] }>(again, 'GET', `/versions/list?fileId=${doc.fileId}`);
    expect(versions.versions.some((v) => v.reason === 'conflict' && v.preview.includes('Start theirs'))).toBe(true);
  });
});
