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
import { createLocalCopy } from './localCopy';
import type { Covered } from './localCopy';
import { useLeavingPage } from './useLeavingPage';
import { sameContent } from './sameContent';

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
  /** The text shown came from the local copy, not from the server: the status never starts as 'Saved'. */
  unsavedAtStart?: boolean;
}

/**
 * The editor's save machine wired to the server, the local copy in IndexedDB (docs/SAVING.md
 * "Every keystroke is safe"), leaving the page and the conflict dialog.
 */
export function useAutosave({ api, tenantId, fileId, editorRef, revisionRef, onConflict, onDeleted, onNamed, unsavedAtStart }: AutosaveInput): {
  machine: SaveMachine;
  saveState: SaveState;
} {
  const [saveState, setSaveState] = useState<SaveState>(() =>
    unsavedAtStart ? { status: 'unsaved', savedAt: null, dirty: true } : { status: 'saved', savedAt: null, dirty: false },
  );
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
  // What the save being sent carries, read at its snapshot (the machine sends one save at a time).
  const coveredRef = useRef<Covered>({ seq: 0, at: 0 });
  // The page is going away (pagehide): saves go with keepalive until it shows again.
  const leavingRef = useRef(false);

  const [localCopy] = useState(() =>
    createLocalCopy({
      tenantId,
      fileId,
      // doc.toJSON() is what getJSON() returns, without TipTap's wrapper around it.
      read: () => {
        const editor = editorRef.current;
        return editor ? { content: editor.state.doc.toJSON(), text: editor.state.doc.textContent } : null;
      },
      baseRevision: () => revisionRef.current,
    }),
  );

  const [raw] = useState(() =>
    createSaveMachine<unknown>({
      // getJSON only here, when a save starts (and for the local copy, at most every 200 ms).
      snapshot: () => {
        const editor = editorRef.current;
        if (!editor) return { content: null, text: '' };
        startAutosaveTiming();
        coveredRef.current = localCopy.covered();
        return { content: editor.state.doc.toJSON(), text: editor.state.doc.textContent };
      },
      newSaveKey: () => ulid(),
      onChange: setSaveState,
      send: async ({ content, source, saveKey, signal }): Promise<SendOutcome> => {
        const baseRevision = revisionRef.current;
        const covered = coveredRef.current;
        // Sent while the page goes away (or is hidden, where a phone may end it): the request outlives it.
        const keepalive = leavingRef.current || document.visibilityState === 'hidden';
        const outcome = await sendSave(api, { fileId, content, baseRevision, saveKey, source, signal, keepalive });
        switch (outcome.kind) {
          case 'committed':
            revisionRef.current = outcome.revision;
            offlineToldRef.current = false;
            refusalToldRef.current = null;
            if (outcome.named) namedRef.current?.(outcome.named);
            localCopy.committed({ covered, revision: outcome.revision });
            return 'committed';
          case 'offline':
            await localCopy.storeUnsent({ content, covered, baseRevision });
            endAutosaveTiming();
            if (!offlineToldRef.current) notify.info(OFFLINE_MESSAGE);
            offlineToldRef.current = true;
            void requestBackgroundSync();
            return 'offline';
          case 'conflict':
            // The server already holds exactly this text (the same words saved by a closing tab's
            // keepalive request, or by the offline flush): nothing to choose between, it is committed.
            if (sameContent(content, outcome.theirs)) {
              revisionRef.current = outcome.theirsRevision;
              localCopy.committed({ covered, revision: outcome.theirsRevision });
              return 'committed';
            }
            // The 409 carried the server's text: no second request.
            raw.setPaused(true);
            conflictRef.current({ mine: content, theirs: outcome.theirs, theirsRevision: outcome.theirsRevision });
            return 'conflict';
          case 'deleted':
            // Deleted elsewhere: nothing to save into. Autosave pauses as for a conflict; the page clears.
            raw.setPaused(true);
            localCopy.cancel();
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

  // Every change reaches the local copy; text loaded from the server makes the copy obsolete.
  const [machine] = useState<SaveMachine>(() => ({
    ...raw,
    markEdited() {
      raw.markEdited();
      localCopy.edited();
    },
    markCommitted(at) {
      raw.markCommitted(at);
      localCopy.replaced();
    },
  }));

  useLeavingPage({ machine, localCopy, leavingRef });
  // Leaving by any route (browser back, a link) still sends unsaved edits; not disposed, so a
  // StrictMode remount keeps a working machine.
  useEffect(
    () => () => {
      localCopy.flush();
      void machine.requestSave({ source: 'navigation', force: true });
    },
    [machine, localCopy],
  );
  return { machine, saveState };
}
