import { useEffect } from 'react';
import { ulid } from 'ulid';
import type { SaveMachine } from '@bree/editor';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { saveContent } from './api';
import { deleteOfflineSave, getOfflineSave, listOfflineSaves, requestPersistentStorage } from './offlineStore';

interface Input {
  api: ApiClient;
  machine: SaveMachine;
  tenantId: string;
  fileId: string;
}

/**
 * Sends edits stored offline when the browser is back online, when the tab becomes visible
 * and when the page loads: one request per document with its stored base revision. The open
 * document goes through the save machine (so a 409 opens the conflict dialog); others are
 * sent directly, and a stale one stays stored until that document is opened.
 */
export function useOfflineSync({ api, machine, tenantId, fileId }: Input): void {
  useEffect(() => {
    requestPersistentStorage();
    let running = false;
    const flush = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        if (await getOfflineSave(tenantId, fileId)) await machine.requestSave({ source: 'offline-sync', force: true });
        for (const record of await listOfflineSaves(tenantId)) {
          if (record.fileId === fileId) continue;
          try {
            await saveContent(api, { fileId: record.fileId, content: record.content, baseRevision: record.baseRevision, operationId: ulid(), source: 'offline-sync' });
            await deleteOfflineSave(tenantId, record.fileId);
          } catch (error) {
            // A 404 means the document is gone: nothing left to sync it into.
            if (isApiError(error) && error.status === 404) await deleteOfflineSave(tenantId, record.fileId);
          }
        }
      } catch {
        // IndexedDB unavailable (private mode): there is nothing stored to flush.
      } finally {
        running = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    void flush();
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, machine, tenantId, fileId]);
}

/** Asks before closing the tab while edits are not on the server yet. */
export function useBeforeUnload(machine: SaveMachine): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!machine.getState().dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [machine]);
}

/** '{name} — Bree' as the tab title and robots noindex while the editor is open. */
export function useEditorPageMeta(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — Bree`;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => {
      document.title = previous;
      meta.remove();
    };
  }, [title]);
}
