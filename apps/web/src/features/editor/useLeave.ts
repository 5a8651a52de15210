import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from '../../app/navigation';
import type { QueryClient } from '@tanstack/react-query';
import type { SaveMachine } from '@bree/editor';
import { useServices } from '../../app/services';
import { createVersion } from './api';

/** docs/PRODUCT.md#saving: a leave waits at most this long for its save, then this extra delay. */
export const LEAVE_TIMING = { maxWaitMs: 2000, afterTimeoutMs: 100 } as const;

/** The document lists reload after an edited document is left (docs/PRODUCT.md#saving); its name may have changed too. */
function reloadLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'files' || query.queryKey[0] === 'documents' });
}

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/**
 * The back button: fade, force a navigation save, then go to /app (after 2 s anyway, plus
 * 100 ms; also after an error). A second press goes straight back. An edited document gets a
 * 'leave' version (best effort) and the file lists reload.
 */
export function useLeave({
  machine,
  fileId,
  editedRef,
  awaitsName,
}: {
  machine: SaveMachine;
  fileId: string;
  editedRef: RefObject<boolean>;
  /**
   * An Untitled document with text that has not taken its name yet (its first line was still
   * being typed at its last save): leaving sends the text once more as a navigation save, which
   * names it after the line as it is (files.naming.ts on the server).
   */
  awaitsName?: () => boolean;
}) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);

  const leave = useCallback(async () => {
    if (leavingRef.current) {
      void navigate('/app');
      return;
    }
    leavingRef.current = true;
    setLeaving(true);
    const naming = awaitsName?.() ?? false;
    if (naming) machine.markEdited();
    const save = machine.requestSave({ source: 'navigation', force: true });
    const outcome = await Promise.race([save.then(() => 'done' as const), sleep(LEAVE_TIMING.maxWaitMs)]);
    if (outcome === 'timeout') await sleep(LEAVE_TIMING.afterTimeoutMs);
    if (editedRef.current) {
      // After the save settles, so the version holds the final text; never blocks leaving.
      void save
        .then(() => createVersion(api, { fileId, reason: 'leave' }))
        .catch(() => undefined)
        .finally(() => reloadLists(queryClient));
    } else if (naming) void save.finally(() => reloadLists(queryClient));
    if (editedRef.current || naming) reloadLists(queryClient);
    if (leavingRef.current) void navigate('/app');
  }, [api, awaitsName, editedRef, fileId, machine, navigate, queryClient]);

  // Left another way (browser back, a link): the document list still has to reload.
  useEffect(
    () => () => {
      if (editedRef.current && !leavingRef.current) reloadLists(queryClient);
    },
    [editedRef, queryClient],
  );

  return { leaving, leave };
}
