import type { SearchResult } from '@bree/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from '../../app/navigation';
import { loadWithRetry } from '../../lib/lazy/retryImport';
import { notify } from '../../lib/toast';
import { getCurrentTenant } from '../tenancy';
import { searchNavigationState } from './passageTarget';
import type { SearchPaletteProps } from './SearchPalette';

type PaletteComponent = ComponentType<SearchPaletteProps>;

let paletteLoad: Promise<PaletteComponent> | null = null;
/** The palette's own chunk, loaded once (a failed load is tried again next time). */
function loadPalette(): Promise<PaletteComponent> {
  paletteLoad ??= loadWithRetry(() => import('./SearchPalette')).then(
    (module) => module.SearchPalette,
    (error: unknown) => {
      paletteLoad = null;
      throw error;
    },
  );
  return paletteLoad;
}

interface SearchPaletteControls {
  /** Opens the palette; `returnFocusTo` gets focus back when it closes (default: what has focus now). */
  openSearch(returnFocusTo?: HTMLElement | null): void;
}

const SearchPaletteContext = createContext<SearchPaletteControls | null>(null);

/**
 * Ctrl/Cmd+K opens search anywhere in the signed-in app. In the editor's text Ctrl/Cmd+K stays
 * the link shortcut (the editor handles it first and marks the event handled); Ctrl/Cmd+Shift+K
 * opens search from there too.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'defaultPrevented'>): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return false;
  return event.shiftKey || !event.defaultPrevented;
}

/** Gives the signed-in pages the search palette: the shortcut, `openSearch` for buttons, opening a result. */
export function SearchPaletteProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Kept out of every page's first load, fetched once the page is idle so a shortcut typed later opens at once.
  const [Palette, setPalette] = useState<PaletteComponent | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const opening = useRef(false);

  const openSearch = useCallback((returnFocusTo?: HTMLElement | null) => {
    returnFocus.current = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    opening.current = false;
    setOpen(true);
    loadPalette().then(
      (component) => setPalette(() => component),
      () => {
        setOpen(false);
        notify.error('Search could not be loaded. Check your connection, then try again.');
      },
    );
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(
      () =>
        void loadPalette().then(
          (component) => setPalette(() => component),
          () => undefined,
        ),
    );
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (!open) openSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, openSearch]);

  const onOpenResult = useCallback(
    (result: SearchResult) => {
      // The editor takes focus to show the passage: nothing to give focus back to.
      opening.current = true;
      setOpen(false);
      navigate(`/app/${encodeURIComponent(result.fileId)}`, { state: searchNavigationState(result.passage) });
    },
    [navigate],
  );

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = returnFocus.current;
    returnFocus.current = null;
    if (!opening.current && target?.isConnected) target.focus();
  }, []);

  const controls = useMemo(() => ({ openSearch }), [openSearch]);
  return (
    <SearchPaletteContext.Provider value={controls}>
      {children}
      {open && Palette && (
        <Palette tenantId={getCurrentTenant()} onOpenResult={onOpenResult} onDismiss={() => setOpen(false)} onCloseAutoFocus={onCloseAutoFocus} />
      )}
    </SearchPaletteContext.Provider>
  );
}

/** `openSearch` of the surrounding SearchPaletteProvider. */
export function useSearchPalette(): SearchPaletteControls {
  const controls = useContext(SearchPaletteContext);
  if (!controls) throw new Error('useSearchPalette must be used inside <SearchPaletteProvider>');
  return controls;
}
