import { useState } from 'react';
import type { RefObject } from 'react';
import type { SaveMachine } from '@bree/editor';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { createVersion } from './api';
import { deleteOfflineSave } from './offlineStore';
import type { ConflictInfo } from './useAutosave';

interface ConflictChoiceInput {
  /** The stale save being decided, or null. */
  conflict: ConflictInfo | null;
  /** Closes the dialog once a choice is made. */
  clear(): void;
  api: ApiClient;
  tenantId: string;
  fileId: string;
  machine: SaveMachine;
  revisionRef: RefObject<number>;
  /** Loads server content into the editor without it counting as an edit. */
  loadCommitted(content: unknown, revision: number): void;
}

/**
 * The writer's choice on a stale save (docs/SAVING.md): whichever text is not chosen is kept as
 * a version first, so neither choice drops anything.
 */
export function useConflictChoice({ conflict, clear, api, tenantId, fileId, machine, revisionRef, loadCommitted }: ConflictChoiceInput) {
  const [resolving, setResolving] = useState(false);

  const keepMine = async () => {
    if (!conflict) return;
    setResolving(true);
    try {
      await createVersion(api, { fileId, reason: 'conflict', content: conflict.theirs });
      revisionRef.current = conflict.theirsRevision;
      clear();
      machine.setPaused(false);
      machine.markEdited();
      await machine.requestSave({ source: 'conflict-keep-mine', force: true });
    } catch {
      notify.error('Could not keep your version. Please try again.');
    } finally {
      setResolving(false);
    }
  };

  const chooseLatest = async () => {
    if (!conflict) return;
    setResolving(true);
    try {
      await createVersion(api, { fileId, reason: 'conflict', content: conflict.mine });
      loadCommitted(conflict.theirs, conflict.theirsRevision);
      await deleteOfflineSave(tenantId, fileId).catch(() => undefined);
      clear();
      machine.setPaused(false);
    } catch {
      notify.error('Could not save your version. Please try again.');
    } finally {
      setResolving(false);
    }
  };

  return { resolving, keepMine, chooseLatest };
}
