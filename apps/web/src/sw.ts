/// <reference lib="webworker" />
// Bree's service worker (docs/PRODUCT.md#startup): precaches the built app shell,
// never touches the API or sign-in traffic, and sends offline saves by Background Sync.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { FLUSH_REQUEST_MESSAGE, flushOfflineSaves, OFFLINE_SYNC_TAG } from './features/offline/flush';
import { readWorkerToken } from './features/offline/swAuth';
import type { WorkerToken } from './features/offline/swAuth';
import { createApiClient } from './lib/api/client';
import type { ApiClient } from './lib/api/client';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Background Sync's event, missing from TypeScript's webworker types. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Message the page sends when the user chose Reload on the update question. */
const SKIP_WAITING = 'SKIP_WAITING';
/** Message telling open pages the cache now holds a new release: they reload at once. */
const CACHE_UPDATED = 'cache-updated';
/** Server-owned paths: live answers only, never from a cache (docs/PRODUCT.md#startup). */
const NEVER_CACHED = [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/interaction(\/|$)/];

// The build injects the hashed app-shell files here (index.html, JS, CSS, icons, manifest).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Only the signed-in app's own routes open from the cached shell; public pages are rendered
// by the server (share, blog…) and must stay live.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [/^\/app(\/|$)/], denylist: NEVER_CACHED }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Pages already controlled here were served by the previous release: tell them to reload.
      // On a first install no page is controlled yet, so nothing reloads.
      const previous = await self.clients.matchAll({ type: 'window' });
      await self.clients.claim();
      for (const client of previous) client.postMessage({ type: CACHE_UPDATED });
    })(),
  );
});

/**
 * The app's own API client, with the page's stored token: saves go through the same `sendSave`
 * as the editor's. The worker cannot refresh a token, so a 401 marks the token expired and the
 * open pages are asked to flush with theirs.
 */
function workerApi(auth: WorkerToken): { api: ApiClient; sessionExpired: () => boolean } {
  let expired = false;
  const api = createApiClient({
    getAccessToken: async (options) => (options?.forceRefresh ? null : auth.token),
    invalidateToken: () => undefined,
    getTenantId: () => auth.tenantId,
    onSessionExpired: () => {
      expired = true;
    },
  });
  return { api, sessionExpired: () => expired };
}

/** Asks open pages to flush with their own, refreshable token. */
async function askPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: FLUSH_REQUEST_MESSAGE });
}

async function syncOfflineSaves(): Promise<void> {
  const auth = await readWorkerToken(Date.now());
  if (!auth) return askPages();
  const { api, sessionExpired } = workerApi(auth);
  const waiting = await flushOfflineSaves({ tenantId: auth.tenantId, api });
  if (sessionExpired()) return askPages();
  // Throwing makes the browser retry the sync later (with back-off).
  if (waiting > 0) throw new Error(`${waiting} offline save(s) still waiting`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OFFLINE_SYNC_TAG) sync.waitUntil(syncOfflineSaves());
});
