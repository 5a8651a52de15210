import type { SearchResult } from '@bree/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getCurrentTenant } from '../tenancy';
import { searchNavigationState } from './passageTarget';
import { SearchPalette } from './SearchPalette';

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
  const returnFocus = useRef<HTMLElement | null>(null);
  const opening = useRef(false);

  const openSearch = useCallback((returnFocusTo?: HTMLElement | null) => {
    returnFocus.current = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    opening.current = false;
    setOpen(true);
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
      {open && <SearchPalette tenantId={getCurrentTenant()} onOpenResult={onOpenResult} onDismiss={() => setOpen(false)} onCloseAutoFocus={onCloseAutoFocus} />}
    </SearchPaletteContext.Provider>
  );
}

/** `openSearch` of the surrounding SearchPaletteProvider. */
export function useSearchPalette(): SearchPaletteControls {
  const controls = useContext(SearchPaletteContext);
  if (!controls) throw new Error('useSearchPalette must be used inside <SearchPaletteProvider>');
  return controls;
}
