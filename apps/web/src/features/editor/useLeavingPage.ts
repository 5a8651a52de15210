import { useEffect } from 'react';
import type { RefObject } from 'react';
import type { SaveMachine } from '@bree/editor';
import type { LocalCopy } from './localCopy';

/**
 * Leaving the page (docs/SAVING.md "Leaving"): a reload, a closed tab or a navigation away fires
 * `pagehide`; a phone putting the tab away fires only `visibilitychange` to hidden, after which it
 * may end the page unseen. Both write the pending local copy at once and send the pending save
 * through the save machine (so through `sendSave`), with keepalive so the request outlives the page.
 */
export function useLeavingPage({ machine, localCopy, leavingRef }: { machine: SaveMachine; localCopy: LocalCopy; leavingRef: RefObject<boolean> }): void {
  useEffect(() => {
    const sendPending = (source: 'navigation' | 'autosave') => {
      localCopy.flush();
      if (machine.getState().dirty) void machine.requestSave({ source, force: true });
    };
    const onPageHide = () => {
      leavingRef.current = true;
      // Leaving names an Untitled document after its first line as it is (files.naming.ts).
      sendPending('navigation');
    };
    // Back from the back-forward cache: the page lives on.
    const onPageShow = () => {
      leavingRef.current = false;
    };
    // Hidden is not gone: the writer may come back to finish the first line, so this is an autosave.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendPending('autosave');
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [machine, localCopy, leavingRef]);
}
