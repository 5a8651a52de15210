import { useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { FILES } from '@bree/contracts';
import type { TrashedFile } from '@bree/contracts';
import { useCallback, useMemo, useState } from 'react';
import { ulid } from 'ulid';
import { useServices } from '../../app/services';
import { singleTry } from '../../lib/api';
import { notify } from '../../lib/toast';
import { deleteDocumentForever, documentKeys, fetchTrashPage, isTransientFailure } from './api';
import type { TrashPage } from './api';
import { CHANGE_RETRY, withRetry } from './changeQueue';
import { documentsRuntime } from './runtime';

/** What the Trash view says after its own actions. */
export const TRASH_MESSAGES = {
  deletedForever: (name: string) => `“${name}” deleted forever`,
  deleteForeverFailed: 'Failed to delete file',
} as const;

type TrashCache = InfiniteData<TrashPage, string | null>;

export interface TrashState {
  items: TrashedFile[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  /** Ids with a restore or delete under way. */
  busy: ReadonlySet<string>;
  loadMore(): void;
  retry(): void;
  restore(file: TrashedFile): Promise<void>;
  deleteForever(file: TrashedFile): Promise<void>;
}

/**
 * The Trash of a tenant (GET /files/trash, paged like the list) with its two actions: Restore
 * (the list's own change, so the file shows there at once) and Delete forever.
 */
export function useTrash(tenantId: string): TrashState {
  const { api, queryClient } = useServices();
  const { changes } = useMemo(() => documentsRuntime({ tenantId, api, queryClient }), [tenantId, api, queryClient]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const trash = useInfiniteQuery({
    queryKey: documentKeys.trash(tenantId),
    queryFn: ({ pageParam, signal }) => fetchTrashPage(api, { limit: FILES.pagedDefaultLimit, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });

  const items = useMemo(() => {
    const seen = new Set<string>();
    return (trash.data?.pages ?? []).flatMap((p) => p.items).filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
  }, [trash.data]);

  /** Runs an action on one file, marked busy meanwhile; the file leaves the view when the action says it is gone. */
  const act = useCallback(
    async (file: TrashedFile, action: () => Promise<boolean>) => {
      setBusy((prev) => new Set(prev).add(file.id));
      const gone = await action();
      if (gone) {
        queryClient.setQueryData<TrashCache>(documentKeys.trash(tenantId), (old) =>
          old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.filter((f) => f.id !== file.id) })) } : old,
        );
      }
      setBusy((prev) => new Set([...prev].filter((id) => id !== file.id)));
    },
    [queryClient, tenantId],
  );

  return {
    items,
    isLoading: trash.isPending,
    isError: trash.isError && !trash.data,
    hasMore: trash.hasNextPage,
    isFetchingMore: trash.isFetchingNextPage,
    busy,
    loadMore: () => {
      if (trash.hasNextPage && !trash.isFetching) void trash.fetchNextPage();
    },
    retry: () => void trash.refetch(),
    restore: (file) => act(file, async () => (await changes.restore(file)) !== null),
    deleteForever: (file) =>
      act(file, async () => {
        const operationId = ulid();
        try {
          // Retried under the list changes' rule, so the API client's own retry is off.
          await withRetry(() => deleteDocumentForever(singleTry(api), { fileId: file.id, operationId }), CHANGE_RETRY, { shouldRetry: isTransientFailure });
          notify.success(TRASH_MESSAGES.deletedForever(file.displayName));
          return true;
        } catch (error) {
          console.warn('[documents] delete forever failed', error);
          notify.error(TRASH_MESSAGES.deleteForeverFailed);
          return false;
        }
      }),
  };
}
