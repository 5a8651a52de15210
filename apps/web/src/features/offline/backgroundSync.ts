import { OFFLINE_SYNC_TAG } from './flush';

/** Background Sync is Chromium-only and absent from TypeScript's DOM types. */
type SyncCapable = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker to send stored saves once the browser is online again, even if
 * every Bree tab is closed by then. Silently does nothing where Background Sync is missing:
 * the app's own flush (online / visible / page load) still runs.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncCapable | undefined;
    await registration?.sync?.register(OFFLINE_SYNC_TAG);
  } catch {
    // Permission denied or no active worker: the page-side flush covers it.
  }
}
