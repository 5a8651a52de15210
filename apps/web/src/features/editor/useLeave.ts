import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { SaveMachine } from '@bree/editor';
import { useServices } from '../../app/services';
import { createVersion } from './api';

/** 1-core §4.3: a leave waits at most this long for its save, then this extra delay. */
export const LEAVE_TIMING = { maxWaitMs: 2000, afterTimeoutMs: 100 } as const;

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/**
 * The back button: fade, force a navigation save, then go to /app (after 2 s anyway, plus
 * 100 ms; also after an error). A second press goes straight back. An edited document gets a
 * 'leave' version (best effort) and the file lists reload.
 */
export function useLeave({ machine, fileId, editedRef }: { machine: SaveMachine; fileId: string; editedRef: RefObject<boolean> }) {
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
    const save = machine.requestSave({ source: 'navigation', force: true });
    const outcome = await Promise.race([save.then(() => 'done' as const), sleep(LEAVE_TIMING.maxWaitMs)]);
    if (outcome === 'timeout') await sleep(LEAVE_TIMING.afterTimeoutMs);
    if (editedRef.current) {
      // After the save settles, so the version holds the final text; never blocks leaving.
      void save
        .then(() => createVersion(api, { fileId, reason: 'leave' }))
        .catch(() => undefined)
        .finally(() => void queryClient.invalidateQueries({ queryKey: ['files'] }));
      void queryClient.invalidateQueries({ queryKey: ['files'] });
    }
    if (leavingRef.current) void navigate('/app');
  }, [api, editedRef, fileId, machine, navigate, queryClient]);

  // Left another way (browser back, a link): the document list still has to reload.
  useEffect(
    () => () => {
      if (editedRef.current && !leavingRef.current) void queryClient.invalidateQueries({ queryKey: ['files'] });
    },
    [editedRef, queryClient],
  );

  return { leaving, leave };
}
