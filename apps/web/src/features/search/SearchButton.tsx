import { Button } from '../../ui';
import { useSearchPalette } from './SearchPaletteProvider';

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-4" aria-hidden="true">
      <circle cx="9" cy="9" r="5.5" />
      <path d="m13.5 13.5 3.5 3.5" strokeLinecap="round" />
    </svg>
  );
}

/** Opens the search palette; shows its shortcut on wide screens. */
export function SearchButton({ className }: { className?: string }) {
  const { openSearch } = useSearchPalette();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Button variant="secondary" className={className} onClick={(e) => openSearch(e.currentTarget)} aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}>
      <SearchIcon />
      Search text
      <kbd aria-hidden="true" className="ml-1 rounded border border-line px-1 font-sans text-[0.6875rem] text-muted max-md:hidden">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
    </Button>
  );
}
