import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { SHORTCUTS, matchesKeys } from './shortcuts';

// The list is fetched on the first Ctrl/Cmd+/, not with the editor (docs/PAGE-WEIGHT.md).
const ShortcutsList = lazy(() => import('./ShortcutsList').then((m) => ({ default: m.ShortcutsList })));

const requests = new Set<() => void>();

/** Opens the list from a button (the toolbar's 'Keyboard shortcuts'): it is not only for those who know the keys. */
export function requestShortcutsList(): void {
  for (const open of requests) open();
}

/** Ctrl/Cmd+/ anywhere on the editor page opens (or closes) the list; nothing else uses the keys. */
function useShortcutsKey(toggle: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !matchesKeys({ event, keys: SHORTCUTS.shortcuts.keys })) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}

/** Ctrl/Cmd+/ and the 'Keyboard shortcuts' dialog it opens (docs/PRODUCT.md#editor). */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it gives focus back as any dialog does.
  const [used, setUsed] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  /** Opens (or toggles) the list, remembering where the focus goes back to when it closes. */
  const show = useCallback((next: (open: boolean) => boolean) => {
    if (document.activeElement instanceof HTMLElement && !document.activeElement.closest('[role="dialog"]')) returnFocus.current = document.activeElement;
    setUsed(true);
    setOpen(next);
  }, []);
  const toggle = useCallback(() => show((o) => !o), [show]);
  useShortcutsKey(toggle);
  useEffect(() => {
    const open = () => show(() => true);
    requests.add(open);
    return () => {
      requests.delete(open);
    };
  }, [show]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsList open={open} onOpenChange={setOpen} returnFocus={returnFocus} />
    </Suspense>
  );
}
