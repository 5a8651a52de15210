import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { ulid } from 'ulid';
import type { SavedName } from '@bree/contracts';
import { createSaveMachine } from '@bree/editor';
import type { SaveMachine, SaveState, SendOutcome } from '@bree/editor';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { refusedSaveMessage } from '../saving/refusals';
import { sendSave } from '../saving/sendSave';
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
  /** A save gave this Untitled document the name of its first line (server-side, files.naming.ts). */
  onNamed?(named: SavedName): void;
}

/** The editor's save machine wired to the server, IndexedDB (offline) and the conflict dialog. */
export function useAutosave({ api, tenantId, fileId, editorRef, revisionRef, onConflict, onDeleted, onNamed }: AutosaveInput): {
  machine: SaveMachine;
  saveState: SaveState;
} {
  const [saveState, setSaveState] = useState<SaveState>({ status: 'saved', savedAt: null, dirty: false });
  const conflictRef = useRef(onConflict);
  conflictRef.current = onConflict;
  const deletedRef = useRef(onDeleted);
  deletedRef.current = onDeleted;
  const namedRef = useRef(onNamed);
  namedRef.current = onNamed;
  // The machine retries an offline save by itself: the writer is told once per offline spell.
  const offlineToldRef = useRef(false);
  // The refusal a writer was last told of, so the back-off's retries do not repeat it.
  const refusalToldRef = useRef<string | null>(null);

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
      newSaveKey: () => ulid(),
      onChange: setSaveState,
      send: async ({ content, source, saveKey, signal }): Promise<SendOutcome> => {
        const baseRevision = revisionRef.current;
        const outcome = await sendSave(api, { fileId, content, baseRevision, saveKey, source, signal });
        switch (outcome.kind) {
          case 'committed':
            revisionRef.current = outcome.revision;
            offlineToldRef.current = false;
            refusalToldRef.current = null;
            if (outcome.named) namedRef.current?.(outcome.named);
            await deleteOfflineSave(tenantId, fileId).catch(() => undefined);
            return 'committed';
          case 'offline':
            await putOfflineSave({ tenantId, fileId, content, timestamp: Date.now(), baseRevision });
            endAutosaveTiming();
            if (!offlineToldRef.current) notify.info(OFFLINE_MESSAGE);
            offlineToldRef.current = true;
            void requestBackgroundSync();
            return 'offline';
          case 'conflict':
            // The 409 carried the server's text: no second request.
            machine.setPaused(true);
            conflictRef.current({ mine: content, theirs: outcome.theirs, theirsRevision: outcome.theirsRevision });
            return 'conflict';
          case 'deleted':
            // Deleted elsewhere: nothing to save into. Autosave pauses as for a conflict; the page clears.
            machine.setPaused(true);
            deletedRef.current();
            return 'conflict';
          case 'refused': {
            // Shown as 'Error saving'; the machine retries with back-off while the edits are unsaved.
            // A document over the size limit is also told why, once, so the writer can shorten it.
            const message = refusedSaveMessage(outcome.code);
            if (message && refusalToldRef.current !== outcome.code) notify.error(message);
            refusalToldRef.current = outcome.code;
            throw new Error(message ?? outcome.message);
          }
        }
      },
    }),
  );

  // Leaving by any route (browser back, a link) still sends unsaved edits; not disposed, so a
  // StrictMode remount keeps a working machine.
  useEffect(() => () => void machine.requestSave({ source: 'navigation', force: true }), [machine]);
  return { machine, saveState };
}
