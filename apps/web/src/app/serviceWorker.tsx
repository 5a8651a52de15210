import hotToast from 'react-hot-toast';
import { FLUSH_REQUEST_EVENT, FLUSH_REQUEST_MESSAGE } from '../features/offline';

/** The update question's text (docs/PRODUCT.md#startup). */
export const UPDATE_QUESTION = 'New version available! Reload to update?';
/** The question shows at most once per 5 minutes (docs/PRODUCT.md#startup); also how often tabs look for a release. */
export const UPDATE_ASK_INTERVAL_MS = 5 * 60_000;
/** Stored under its first name, so a release does not ask again at once. */
const LAST_ASK_KEY = 'bree.sw.lastUpdatePrompt';
/** The built worker (vite-plugin-pwa injectManifest output of src/sw.ts, ES module format). */
const WORKER_URL = '/sw.js';

let reloading = false;
const reloadOnce = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

// Local storage so several tabs share the 5-minute window; private mode simply asks.
function claimAskSlot(now: number): boolean {
  try {
    const last = Number(localStorage.getItem(LAST_ASK_KEY) ?? '0') || 0;
    if (now - last < UPDATE_ASK_INTERVAL_MS) return false;
    localStorage.setItem(LAST_ASK_KEY, String(now));
  } catch {
    // Storage unavailable: fall through and ask.
  }
  return true;
}

function offerUpdate(waiting: ServiceWorker): void {
  if (!claimAskSlot(Date.now())) return;
  hotToast(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{UPDATE_QUESTION}</span>
        <button
          type="button"
          className="rounded-md bg-accent px-2 py-1 text-sm font-medium text-white"
          onClick={() => {
            hotToast.dismiss(t.id);
            // The new worker posts 'cache-updated' once active; controllerchange is the fallback.
            navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
            waiting.postMessage({ type: 'SKIP_WAITING' });
          }}
        >
          Reload
        </button>
      </span>
    ),
    { id: 'sw-update', duration: 60_000 },
  );
}

/**
 * Registers the service worker at start-up (built app only; the dev server has none), offers
 * waiting releases with the update question, reloads on 'cache-updated', and relays the worker's
 * request to flush offline saves to the app.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    const type = event.data?.type;
    if (type === 'cache-updated') reloadOnce();
    else if (type === FLUSH_REQUEST_MESSAGE) window.dispatchEvent(new Event(FLUSH_REQUEST_EVENT));
  });
  container.register(WORKER_URL, { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // A register() stubbed by the browser's environment (an extension, an automation's blocking
      // of workers) may resolve with nothing: there is no worker to follow then.
      if (!registration) return;
      // Only an update waits behind a controlling worker; a first install needs no question.
      const offer = () => {
        if (registration.waiting && container.controller) offerUpdate(registration.waiting);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer();
        });
      });
      // Long-lived tabs look for a new release now and then, and re-offer a dismissed one.
      setInterval(() => {
        registration.update().then(offer, () => undefined);
      }, UPDATE_ASK_INTERVAL_MS);
    },
    (error: unknown) => console.warn('[sw] registration failed', error),
  );
}
