import * as RadixDialog from '@radix-ui/react-dialog';
import type { SearchResult } from '@bree/contracts';
import { SEARCH_DEFAULTS, SEARCH_QUERY_MAX_CHARS } from '@bree/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useServices } from '../../app/services';
import { isFeatureEnabled, readFeatureFlags, writeFeatureFlag } from '../../lib/featureFlags';
import { Button, cn, Spinner } from '../../ui';
import { fetchSearchStatus, searchKeys } from './api';
import { nextActiveIndex } from './results';
import { SearchLanguageSelect } from './SearchLanguageSelect';
import { SearchResultOption } from './SearchResultOption';
import { useSearchResults } from './useSearchResults';

/** How often the index progress is asked for again while documents are being indexed. */
const INDEXING_POLL_MS = 5_000;

export interface SearchPaletteProps {
  tenantId: string;
  onOpenResult(result: SearchResult): void;
  /** Closed without opening a result (Escape, the close button, the backdrop). */
  onDismiss(): void;
  /** Where focus goes when the palette closes without opening a result. */
  onCloseAutoFocus(event: Event): void;
}

const TOGGLE = 'inline-flex cursor-pointer items-center gap-2 text-sm text-ink-soft';
const CHECKBOX = 'size-4 cursor-pointer accent-accent';

/**
 * The search palette (docs/PRODUCT.md#search): results from the text of every document as the writer
 * types, arrows to move (wrapping), Enter or a click to open, Escape to close. A full-screen sheet
 * on phones, a centred dialog above 767 px.
 */
export function SearchPalette({ tenantId, onOpenResult, onDismiss, onCloseAutoFocus }: SearchPaletteProps) {
  const { api } = useServices();
  const listboxId = useId();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [includeDrafts, setIncludeDrafts] = useState<boolean>(SEARCH_DEFAULTS.includeDrafts);
  const [matchMeaning, setMatchMeaning] = useState(() => isFeatureEnabled(readFeatureFlags(), 'newSearchApi'));
  const status = useQuery({
    queryKey: searchKeys.status(tenantId),
    queryFn: ({ signal }) => fetchSearchStatus(api, signal),
    retry: false,
    refetchInterval: (q) => (q.state.data?.indexing ? INDEXING_POLL_MS : false),
  });
  const semanticAvailable = status.data?.semantic.available === true;
  const kind = semanticAvailable && matchMeaning ? 'hybrid' : 'text';
  const search = useSearchResults(api, { query, kind, includeDrafts });
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  // New results: the best one is active.
  useEffect(() => setActive(search.results.length > 0 ? 0 : -1), [search.results]);
  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const toggleMeaning = (on: boolean) => {
    setMatchMeaning(on);
    // Remembered as the 'new search API' flag (docs/PRODUCT.md#search).
    writeFeatureFlag('newSearchApi', on);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => nextActiveIndex(current, search.results.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      const chosen = search.results[active];
      if (chosen) {
        event.preventDefault();
        onOpenResult(chosen);
      }
    }
  };

  const optionId = (index: number) => `${listboxId}-${index}`;
  const trimmed = query.trim();
  const showResults = search.results.length > 0 && trimmed !== '';
  const hover = useCallback((index: number) => () => setActive(index), []);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-dialog-overlay="" className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed z-50 flex flex-col bg-surface shadow-pop focus:outline-none',
            'inset-0 h-dvh w-full pb-[env(safe-area-inset-bottom)]',
            'md:inset-auto md:top-[12vh] md:left-1/2 md:h-auto md:max-h-[76vh] md:w-[calc(100vw-2rem)] md:max-w-2xl md:-translate-x-1/2 md:rounded-xl md:border md:border-line',
          )}
        >
          <RadixDialog.Title className="sr-only">Search documents</RadixDialog.Title>
          <div className="flex items-center gap-2 border-b border-line px-4 py-3">
            <label htmlFor={inputId} className="sr-only">
              Search in your documents
            </label>
            <input
              id={inputId}
              type="text"
              role="combobox"
              enterKeyHint="search"
              aria-expanded={showResults}
              aria-controls={showResults ? listboxId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={showResults && active >= 0 ? optionId(active) : undefined}
              value={query}
              maxLength={SEARCH_QUERY_MAX_CHARS}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Search in your documents"
              autoComplete="off"
              spellCheck={false}
              className="h-10 min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-muted/80 focus:outline-none"
            />
            {search.phase === 'loading' && <Spinner size="sm" label="Searching" />}
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
            >
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-line px-4 py-2">
            <label className={TOGGLE}>
              <input type="checkbox" className={CHECKBOX} checked={includeDrafts} onChange={(e) => setIncludeDrafts(e.target.checked)} />
              Include variants
            </label>
            {semanticAvailable && (
              <label className={TOGGLE}>
                <input type="checkbox" role="switch" className={CHECKBOX} checked={matchMeaning} onChange={(e) => toggleMeaning(e.target.checked)} />
                Match meaning
              </label>
            )}
            <SearchLanguageSelect tenantId={tenantId} onChanged={search.retry} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {showResults ? (
              <ul ref={listRef} id={listboxId} role="listbox" aria-label="Search results" className="flex flex-col gap-1">
                {search.results.map((result, index) => (
                  <SearchResultOption
                    key={result.fileId}
                    id={optionId(index)}
                    result={result}
                    active={index === active}
                    onOpen={onOpenResult}
                    onHover={hover(index)}
                  />
                ))}
              </ul>
            ) : (
              <PaletteMessage phase={search.phase} query={search.query} typed={trimmed} byMeaning={kind === 'hybrid'} onRetry={search.retry} />
            )}
          </div>
          <footer className="flex items-center justify-between gap-3 border-t border-line px-4 py-2 text-xs text-muted">
            <span>{status.data?.indexing ? `Indexing ${status.data.indexed} of ${status.data.total} documents` : ''}</span>
            <span className="max-md:hidden">↑ ↓ to move · Enter to open · Esc to close</span>
          </footer>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * What the palette says without results: a hint, 'No results for …' (by words) or 'No close matches
 * for …' (by meaning: nothing reached the similarity floor, docs/SEARCH.md), or the error with Retry.
 */
function PaletteMessage({ phase, query, typed, byMeaning, onRetry }: { phase: string; query: string; typed: string; byMeaning: boolean; onRetry(): void }) {
  if (typed && phase === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-ink-soft">
        <p>Search failed. Please try again.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (typed && phase === 'done' && query === typed) {
    return (
      <p role="status" className="px-4 py-8 text-center text-sm text-ink-soft">
        {byMeaning ? `No close matches for “${query}”.` : `No results for “${query}”.`}
      </p>
    );
  }
  if (typed) return null;
  return <p className="px-4 py-8 text-center text-sm text-muted">Type a word or phrase to search the text of all your documents.</p>;
}
