import { useEffect, useState } from 'react';
import { loadWithRetry } from '../lib/lazy/retryImport';
import type * as Radix from './radix';

type RadixParts = typeof Radix;

let loaded: RadixParts | null = null;
let loading: Promise<RadixParts> | null = null;
/** Stand-ins waiting for the parts: told as soon as any dialog, menu or popover has loaded them. */
const waiting = new Set<(parts: RadixParts) => void>();

/** Loads the Radix chunk once (with the lazy chunks' retries); a failed load is tried again next time. */
export function loadRadix(): Promise<RadixParts> {
  loading ??= loadWithRetry(() => import('./radix')).then(
    (parts) => {
      loaded = parts;
      for (const tell of [...waiting]) tell(parts);
      return parts;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The loaded parts, for pieces that only ever render inside a loaded dialog, menu or popover. */
export function radixParts(): RadixParts {
  if (!loaded) throw new Error('A dialog, menu or popover part rendered before its Radix chunk loaded');
  return loaded;
}

export type RadixState = { parts: RadixParts; failed: false } | { parts: null; failed: boolean };

/**
 * The Radix parts, loading them once `wanted` turns true. Once loaded, every later render has
 * them at once (no loading state), so a dialog opened a second time opens in the same frame.
 */
export function useRadix(wanted: boolean): RadixState {
  const [parts, setParts] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const now = parts ?? loaded;
  // Loaded by another part meanwhile (a dialog opened): this one becomes the real thing at once, not
  // at the press, when swapping the trigger under the pointer would lose the press that opens it.
  useEffect(() => {
    if (now) return;
    if (loaded) return void setParts(loaded);
    waiting.add(setParts);
    return () => void waiting.delete(setParts);
  }, [now]);
  useEffect(() => {
    if (now || !wanted) return;
    let live = true;
    setFailed(false);
    loadRadix().then(
      (next) => live && setParts(next),
      (error: unknown) => {
        console.error('[lazy] Radix parts', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [now, wanted]);
  return now ? { parts: now, failed: false } : { parts: null, failed };
}
