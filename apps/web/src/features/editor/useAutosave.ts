import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { ulid } from 'ulid';
import { createSaveMachine } from '@bree/editor';
import type { SaveMachine, SaveState, SendOutcome } from '@bree/editor';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { getFile, saveContent } from './api';
import { requestBackgroundSync } from '../offline/backgroundSync';
import { endAutosaveTiming, startAutosaveTiming } from './autosaveTiming';
import { deleteOfflineSave, putOfflineSave } from './offlineStore';

/** Both texts of a stale save, for the conflict dialog. */
export interface ConflictInfo {
  mine: unknown;
  theirs: unknown;
  theirsRevision: number;
}

export const OFFLINE_MESSAGE = 'Saved offline - will sync when online';

interface AutosaveInput {
  api: ApiClient;
  tenantId: string;
  fileId: string;
  editorRef: RefObject<Editor | null>;
  /** The revision of the last committed answer: every save is based on it. */
  revisionRef: RefObject<number>;
  onConflict(info: ConflictInfo): void;
  /** The document no longer exists on the server (deleted elsewhere). */
  onDeleted(): void;
}

/** True for a failure without an answer from the server (offline, unreachable, timed out). */
export const isNetworkFailure = (error: unknown): boolean => isApiError(error) && error.status === 0;

/** The editor's save machine wired to the server, IndexedDB (offline) and the conflict dialog. */
export function useAutosave({ api, tenantId, fileId, editorRef, revisionRef, onConflict, onDeleted }: AutosaveInput): {
  machine: SaveMachine;
  saveState: SaveState;
} {
  const [saveState, setSaveState] = useState<SaveState>({ status: 'saved', savedAt: null, dirty: false });
  const conflictRef = useRef(onConflict);
  conflictRef.current = onConflict;
  const deletedRef = useRef(onDeleted);
  deletedRef.current = onDeleted;

  const [machine] = useState(() =>
    createSaveMachine<unknown>({
      // getJSON only here, when a save starts: never per keystroke.
      snapshot: () => {
        const editor = editorRef.current;
        if (!editor) return { content: null, text: '' };
        startAutosaveTiming();
        // doc.toJSON() is what getJSON() returns, without TipTap's wrapper around it.
        return { content: editor.state.doc.toJSON(), text: editor.state.doc.textContent };
      },
      newOperationId: () => ulid(),
      onChange: setSaveState,
      send: async ({ content, source, operationId, signal }): Promise<SendOutcome> => {
        const baseRevision = revisionRef.current;
        const storeOffline = async (): Promise<SendOutcome> => {
          await putOfflineSave({ tenantId, fileId, content, timestamp: Date.now(), baseRevision });
          endAutosaveTiming();
          notify.info(OFFLINE_MESSAGE);
          void requestBackgroundSync();
          return 'offline';
        };
        // navigator.onLine false is certain (true is not): skip a request bound to fail.
        if (!navigator.onLine) return storeOffline();
        try {
          const answer = await saveContent(api, { fileId, content, baseRevision, operationId, source, signal });
          revisionRef.current = answer.revision;
          await deleteOfflineSave(tenantId, fileId).catch(() => undefined);
          return 'committed';
        } catch (error) {
          if (signal.aborted) throw error;
          if (isNetworkFailure(error)) return storeOffline();
          if (isApiError(error) && error.status === 409) {
            // The 409 body carries the server's text, but ApiError keeps no details: read it fresh.
            const current = await getFile(api, fileId);
            machine.setPaused(true);
            conflictRef.current({ mine: content, theirs: current.content, theirsRevision: current.revision });
            return 'conflict';
          }
          if (isApiError(error) && error.status === 404) {
            // Deleted elsewhere: nothing to save into. Autosave pauses as for a conflict; the page clears.
            machine.setPaused(true);
            deletedRef.current();
            return 'conflict';
          }
          throw error;
        }
      },
    }),
  );

  // Leaving by any route (browser back, a link) still sends unsaved edits; not disposed, so a
  // StrictMode remount keeps a working machine.
  useEffect(() => () => void machine.requestSave({ source: 'navigation', force: true }), [machine]);
  return { machine, saveState };
}
