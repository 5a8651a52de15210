import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FILES } from '@bree/contracts';
import type { FileSummary, ListSort } from '@bree/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { documentKeys, fetchDocumentsPage, searchDocuments } from './api';
import { flattenFiles } from './cachePatch';
import { applyOverlay } from './overlay';
import type { OverlayStore } from './overlay';
import { firstPageSize } from './visibleRows';
import type { VisibleRows } from './visibleRows';

/** Files being transcribed come first; otherwise the order is kept (the sort is stable). */
function transcribingFirst(files: FileSummary[]): FileSummary[] {
  return [...files].sort((a, b) => Number(Boolean(b.metadata.isTranscribing)) - Number(Boolean(a.metadata.isTranscribing)));
}

export interface DocumentListState {
  items: FileSummary[];
  isSearching: boolean;
  isLoading: boolean;
  isError: boolean;
  /** The tenant has no documents at all (not merely no search results). */
  isEmpty: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The rows of the list: the paged listing (first page = visible rows + 2, then pages of 15) or,
 * with a query, the fuzzy search; the tenant's overlay is laid over either.
 */
export function useDocumentList({
  tenantId,
  sort,
  visibleRows,
  query,
  overlay,
}: {
  tenantId: string;
  sort: ListSort;
  visibleRows: VisibleRows;
  query: string;
  overlay: OverlayStore;
}): DocumentListState {
  const { api } = useServices();
  const isSearching = query !== '';

  const list = useInfiniteQuery({
    // The page size is left out of the key on purpose: changing rows per page keeps the loaded
    // rows, and the scroll check fetches more if the window is not filled.
    queryKey: documentKeys.list(tenantId, sort),
    queryFn: ({ pageParam, signal }) =>
      fetchDocumentsPage(api, { limit: pageParam ? FILES.pagedDefaultLimit : firstPageSize(visibleRows), cursor: pageParam, sort, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: !isSearching,
  });

  const search = useQuery({
    queryKey: documentKeys.search(tenantId, query),
    queryFn: ({ signal }) => searchDocuments(api, { query, signal }),
    enabled: isSearching,
    placeholderData: keepPreviousData,
  });

  const entries = useSyncExternalStore(overlay.subscribe, overlay.entries, overlay.entries);
  const listData = list.data;
  const searchData = search.data;
  const items = useMemo(() => {
    const base = isSearching ? flattenFiles(searchData) : flattenFiles(listData);
    // Creations only join the unfiltered list: a search shows what the server matched.
    return transcribingFirst(applyOverlay(base, entries, Date.now(), { includeCreated: !isSearching }));
  }, [isSearching, searchData, listData, entries]);

  const active = isSearching ? search : list;
  return {
    items,
    isSearching,
    isLoading: active.isPending,
    isError: active.isError && !active.data,
    isEmpty: !isSearching && list.isSuccess && items.length === 0 && !list.hasNextPage,
    hasMore: !isSearching && list.hasNextPage,
    isFetchingMore: !isSearching && list.isFetchingNextPage,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetching) void list.fetchNextPage();
    },
    retry: () => void active.refetch(),
  };
}
