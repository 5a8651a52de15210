import type { Authenticity, FileSummary } from '@bree/contracts';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { commentCounts } from '../comments/api';
import { Button, Spinner } from '../../ui';
import { DocumentRow } from './DocumentRow';
import type { RowAction } from './DocumentRow';
import type { DocumentListState } from './useDocumentList';
import { ROW_HEIGHT_PX } from './visibleRows';

export interface DocumentListBodyProps {
  list: DocumentListState;
  query: string;
  rows: number;
  now: Date;
  selectedIds: ReadonlySet<string>;
  onClearSearch: () => void;
  onToggle: (file: FileSummary) => void;
  onTag: (file: FileSummary, tag: Authenticity) => void;
  onAction: (file: FileSummary, action: RowAction) => void;
}

/** A calm box the height of a few rows, for loading, errors and empty searches. */
function Notice({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <div style={{ minHeight: Math.min(rows, 4) * ROW_HEIGHT_PX }} className="flex flex-col items-center justify-center gap-3 px-6 py-8 text-center">
      {children}
    </div>
  );
}

/** Inside the list viewport: the rows, or a loading / error / no-results notice, and the 'Loading…' footer. */
export function DocumentListBody({ list, query, rows, now, selectedIds, onClearSearch, onToggle, onTag, onAction }: DocumentListBodyProps) {
  const { api } = useServices();
  // Open comment threads per document, asked again whenever the list is shown.
  const comments = useQuery({ queryKey: ['comments', 'counts'], queryFn: () => commentCounts(api), refetchOnMount: 'always' });
  if (list.isLoading) {
    return (
      <Notice rows={rows}>
        <Spinner label="Loading documents" showLabel />
      </Notice>
    );
  }
  if (list.isError) {
    return (
      <Notice rows={rows}>
        <p className="text-sm text-ink-soft">Your documents could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={list.retry}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (list.items.length === 0 && list.isSearching) {
    return (
      <Notice rows={rows}>
        <p className="text-sm text-ink-soft">No results for “{query}”.</p>
        <Button variant="secondary" size="sm" onClick={onClearSearch}>
          Clear search
        </Button>
      </Notice>
    );
  }
  return (
    <>
      <ul aria-label="Documents">
        {list.items.map((file) => (
          <DocumentRow
            key={file.id}
            file={file}
            selected={selectedIds.has(file.id)}
            now={now}
            onToggle={onToggle}
            onTag={onTag}
            onAction={onAction}
            openComments={comments.data?.[file.id]}
          />
        ))}
      </ul>
      {list.isFetchingMore && (
        <div role="status" className="flex items-center justify-center gap-3 border-t border-line py-3">
          <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-accent/25 border-t-accent" />
          <span className="flex flex-col text-left leading-tight">
            <span className="text-sm font-medium text-ink">Loading…</span>
            <span className="text-xs text-muted">Fetching more documents…</span>
          </span>
        </div>
      )}
    </>
  );
}
