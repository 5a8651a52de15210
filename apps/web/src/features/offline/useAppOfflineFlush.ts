import { useEffect } from 'react';
import type { ApiClient } from '../../lib/api';
import { getCurrentTenant } from '../tenancy';
import { flushOfflineSaves, isClaimed } from './flush';

/** Window event the service-worker bridge raises when the worker asks pages to flush. */
export const FLUSH_REQUEST_EVENT = 'bree:flush-offline-request';

let running: Promise<void> | null = null;

/** Flushes the current tenant's stored saves now (one run at a time; open editors excluded). */
export function flushNow(api: ApiClient): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  running ??= (async () => {
    try {
      const tenantId = getCurrentTenant();
      if (tenantId) await flushOfflineSaves({ tenantId, api, skip: isClaimed });
    } catch {
      // IndexedDB unavailable (private mode): nothing was stored to flush.
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Mounted once for the signed-in app: offline edits reach the server when the browser comes
 * back online, a tab becomes visible, the page loads, or the service worker asks — whichever
 * page is open, not only the editor of that document.
 */
export function useAppOfflineFlush(api: ApiClient): void {
  useEffect(() => {
    const flush = () => void flushNow(api);
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    window.addEventListener('online', flush);
    window.addEventListener(FLUSH_REQUEST_EVENT, flush);
    document.addEventListener('visibilitychange', onVisible);
    flush();
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener(FLUSH_REQUEST_EVENT, flush);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api]);
}
