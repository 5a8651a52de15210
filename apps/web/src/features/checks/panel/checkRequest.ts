/**
 * 'Check my draft' from anywhere in the editor (docs/CHECKS.md "The Checks panel"): the toolbar,
 * the '/' menu, the phone's sheet and the keys ask here; the page opens the Checks panel and the
 * open panel checks the selection again. Tiny and eager: the panel itself loads when opened.
 */
import { useCallback, useEffect, useRef } from 'react';
import { SHORTCUTS, matchesKeys } from '../../editor/shortcuts';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Asks the open editor page to check the draft (the selection's blocks, else the whole document). */
export function requestCheckDraft(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `onRequest` at each 'Check my draft' while mounted. */
export function useCheckDraftRequest(onRequest: () => void): void {
  useEffect(() => {
    listeners.add(onRequest);
    return () => {
      listeners.delete(onRequest);
    };
  }, [onRequest]);
}

/**
 * The editor page's entry: `onOpen` (the desktop's Checks tab) at each request, and the 'Check my
 * draft' keys (the shortcut table's checkDraft) a request anywhere on the page.
 */
export function useChecksEntry({ onOpen }: { onOpen: (() => void) | null }): void {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useCheckDraftRequest(useCallback(() => latest.current?.(), []));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !matchesKeys({ event, keys: SHORTCUTS.checkDraft.keys })) return;
      event.preventDefault();
      requestCheckDraft();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
