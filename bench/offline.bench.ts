// Offline benchmark — offline drain: K offline edits across D documents, kept in the app's
// IndexedDB as the editor keeps them (one record per document, the latest wins), flushed by the
// app when the browser comes back online, against D single saves of the same bytes sent from the
// same page in the same run. Target: ≤ 1.2×, and exactly D requests.
import { removeDataDir, startBree } from '../apps/web/e2e/fixtures/server';
import { launchChromium, signUpFresh } from './browser';
import { report } from './lib';

const D = 40;
const K = 400;
const ROUNDS = 5;

/** A document of about 8 KB, the size of a long blog post. */
const docOf = (label: string) => ({
  type: 'doc',
  content: Array.from({ length: 40 }, (_, i) => ({
    type: 'paragraph',
    attrs: { id: `b${i}` },
    content: [{ type: 'text', text: `${label} paragraph ${i}: the harbour wakes slowly, ropes creak and gulls argue over the nets at dawn.` }],
  })),
});

const server = await startBree();
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpFresh(page, server.url);
  // tsx keeps function names with a helper the page does not have; give it one.
  await page.evaluate('globalThis.__name = (fn) => fn');
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/files/content-only-update')) saves += 1;
  });

  /** Runs inside the page: the signed-in user's token and tenant, as the app sends them. */
  const createDocs = (prefix: string) =>
    page.evaluate(
      async ({ prefix, count }) => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
        const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
        const headers = { Authorization: `Bearer ${token}`, 'X-Tenant-Id': localStorage.getItem('currentTenant') ?? '', 'Content-Type': 'application/json' };
        const ids: { id: string; revision: number }[] = [];
        for (let i = 0; i < count; i++) {
          const res = await fetch('/api/files/create', { method: 'POST', headers, body: JSON.stringify({ filePath: `${prefix} ${i}.txt`, content: 'Start' }) });
          const { file } = (await res.json()) as { file: { id: string; revision: number } };
          ids.push({ id: file.id, revision: file.revision });
        }
        return { ids, headers };
      },
      { prefix, count: D },
    );

  const baselines: number[] = [];
  const drains: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Baseline: D single saves of the same bytes, one after another as the flush sends them.
    const single = await createDocs(`single ${round}`);
    baselines.push(
      await page.evaluate(
        async ({ docs, headers, content }) => {
          const started = performance.now();
          for (const [i, d] of docs.entries()) {
            const body = JSON.stringify({ fileId: d.id, content, baseRevision: d.revision, operationId: `bench-${Date.now()}-${i}`, source: 'offline-sync' });
            const res = await fetch('/api/files/content-only-update', {
              method: 'POST',
              headers: { ...headers, 'X-Operation-Id': `bench-${i}-${Date.now()}` },
              body,
            });
            if (!res.ok) throw new Error(`save answered ${res.status}`);
            await res.json();
          }
          return performance.now() - started;
        },
        { docs: single.ids, headers: single.headers, content: docOf('final') },
      ),
    );

    // Drain: K edits stored offline across D documents (each put replaces that document's record).
    const offline = await createDocs(`offline ${round}`);
    const tenantId = await page.evaluate(() => localStorage.getItem('currentTenant') ?? '');
    await page.evaluate(
      async ({ docs, tenantId, k, finalDoc }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('bree-offline', 1);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (let i = 0; i < k; i++) {
          const d = docs[i % docs.length]!;
          const last = i >= k - docs.length;
          const content = last ? finalDoc : { ...finalDoc, content: finalDoc.content.slice(0, 1 + (i % 30)) };
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction('saves', 'readwrite');
            tx.objectStore('saves').put({
              id: `${tenantId}:${d.id}`,
              tenantId,
              fileId: d.id,
              content,
              timestamp: Date.now(),
              baseRevision: d.revision,
              operationId: `op-${i}-${d.id}`,
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          });
        }
        db.close();
      },
      { docs: offline.ids, tenantId, k: K, finalDoc: docOf('final') },
    );
    const before = saves;
    drains.push(
      await page.evaluate(async (d) => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('bree-offline', 1);
          open.onsuccess = () => resolve(open.result);
        });
        const pending = () =>
          new Promise<number>((resolve) => {
            const count = db.transaction('saves').objectStore('saves').count();
            count.onsuccess = () => resolve(count.result);
          });
        const saved = () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/files/content-only-update'));
        performance.clearResourceTimings();
        const started = performance.now();
        // The app's flush alone (as the service worker asks for it): 'online' would also refetch the
        // list and re-check the network, which are not the drain.
        window.dispatchEvent(new Event('bree:flush-offline-request'));
        // Timed to the last answer (read from the page's resource timings, so polling adds nothing);
        // then every record must be gone from IndexedDB.
        while (saved().length < d) await new Promise((r) => setTimeout(r, 20));
        const elapsed = Math.max(...saved().map((e) => (e as PerformanceResourceTiming).responseEnd)) - started;
        while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 20));
        db.close();
        return elapsed;
      }, D),
    );
    if (saves - before !== D) throw new Error(`the drain sent ${saves - before} requests, expected exactly ${D}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`offline drain: ${K} edits across ${D} documents → ${D} requests each round (${ROUNDS} rounds)`);
  report(`offline drain of ${D} documents`, median(drains), median(baselines), 'ms', '≤ 1.2×');
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(server.dataDir);
}
