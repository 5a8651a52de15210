import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** More rows load when the user is this close to the end of the list (docs/PRODUCT.md#documents). */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** …after this delay, so a fling past the end asks once (docs/PRODUCT.md#documents). */
export const LOAD_MORE_DELAY_MS = 150;

/** True when the scroll position is within `threshold` px of the end (or nothing scrolls yet). */
export function isNearEnd(
  { scrollTop, scrollHeight, clientHeight }: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold: number = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** The window's scroll position over the list: the list's end is `bottom` px below the top of the window. */
function windowOver(el: HTMLElement) {
  return { scrollTop: 0, scrollHeight: el.getBoundingClientRect().bottom, clientHeight: window.innerHeight };
}

/**
 * Calls `loadMore` 150 ms after the end of the list (`ref`) comes within 100 px of the bottom of
 * the window, if more can load and nothing is loading. The list grows with the page and the window
 * scrolls: there is no inner scroll box. Rechecks after each load, so a short page keeps filling the window.
 */
export function useInfiniteScroll({
  ref,
  hasMore,
  busy,
  loadMore,
  rows,
}: {
  ref: RefObject<HTMLElement | null>;
  hasMore: boolean;
  busy: boolean;
  loadMore: () => void;
  rows: number;
}): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ hasMore, busy, loadMore });
  useEffect(() => {
    latest.current = { hasMore, busy, loadMore };
  });

  const check = useCallback(() => {
    const el = ref.current;
    if (!el || timer.current || !latest.current.hasMore || latest.current.busy || !isNearEnd(windowOver(el))) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const now = ref.current;
      if (now && latest.current.hasMore && !latest.current.busy && isNearEnd(windowOver(now))) latest.current.loadMore();
    }, LOAD_MORE_DELAY_MS);
  }, [ref]);

  // After every load (or a delete that shortened the list) the end may be in view already.
  useEffect(() => {
    check();
  }, [check, hasMore, busy, rows]);

  useEffect(() => {
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [check]);
}
