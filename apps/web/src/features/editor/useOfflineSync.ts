import { useEffect } from 'react';
import type { SaveMachine } from '@bree/editor';
import { claimOfflineDocument } from '../offline/flush';
import { getOfflineSave, requestPersistentStorage } from './offlineStore';

interface Input {
  machine: SaveMachine;
  tenantId: string;
  fileId: string;
}

/**
 * Sends the open document's offline edits when the browser is back online, when the tab
 * becomes visible and when the page loads, through the save machine, so a 409 opens the
 * conflict dialog. Other documents are flushed app-wide (features/offline), which skips the
 * document claimed here.
 */
export function useOfflineSync({ machine, tenantId, fileId }: Input): void {
  useEffect(() => {
    requestPersistentStorage();
    const release = claimOfflineDocument(fileId);
    let running = false;
    const flush = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        if (await getOfflineSave(tenantId, fileId)) await machine.requestSave({ source: 'offline-sync', force: true });
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
      release();
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [machine, tenantId, fileId]);
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
