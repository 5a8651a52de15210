import { useEffect } from 'react';
import { ulid } from 'ulid';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { saveContent } from '../editor/api';
import type { OfflineSaveRecord } from '../editor/offlineStore';
import { getCurrentTenant } from '../tenancy';
import { flushOfflineSaves, isClaimed } from './flush';
import type { FlushOutcome } from './flush';

/** Window event the service-worker bridge raises when the worker asks pages to flush. */
export const FLUSH_REQUEST_EVENT = 'bree:flush-offline-request';

/** Sends one stored save through the app's API client and classifies the answer. */
async function sendRecord(api: ApiClient, record: OfflineSaveRecord): Promise<FlushOutcome> {
  try {
    const operationId = record.operationId ?? ulid();
    await saveContent(api, { fileId: record.fileId, content: record.content, baseRevision: record.baseRevision, operationId, source: 'offline-sync' });
    return 'committed';
  } catch (error) {
    if (!isApiError(error)) return 'keep';
    if (error.status === 0) return 'offline';
    if (error.status === 409) return 'conflict';
    if (error.status === 404) return 'gone';
    return 'keep';
  }
}

let running: Promise<void> | null = null;

/** Flushes the current tenant's stored saves now (one run at a time; open editors excluded). */
export function flushNow(api: ApiClient): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  running ??= (async () => {
    try {
      const tenantId = getCurrentTenant();
      if (tenantId) await flushOfflineSaves({ tenantId, send: (record) => sendRecord(api, record), skip: isClaimed });
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
