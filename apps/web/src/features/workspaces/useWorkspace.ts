import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { VariantStatus, VariantType, WorkspaceFile } from '@bree/contracts';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import { singleTry, type ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { FILE_LIST_CHANGED_EVENT } from '../documents/events';
import { deleteVariant, getWorkspaceMetadata, listWorkspaceFiles, workspaceKeys } from './api';
import { useMasterChanges } from './useMasterChanges';
import { anyGenerating, createdMessage, failedMessage, pendingWait, WORKSPACE_TIMINGS, workspaceRootOf } from './rules';

/**
 * The last status seen of each variant, for the whole tab: a variant seen 'generating' that is
 * then 'ready' (or 'failed') is announced once, whichever document is open when it finishes.
 */
const seenStatus = new Map<string, VariantStatus>();
/** Renames and deletes under way (their start times): a refresh waits for them (docs/PRODUCT.md#workspaces). */
const pending = new Set<number>();

/** Remembers a variant as being written (a new one, or one made again from its master). */
export function watchVariant(variantId: string): void {
  seenStatus.set(variantId, 'generating');
}

/** Runs a rename or delete as pending, so a refresh does not draw the old state over it. */
export async function asPending<T>(work: () => Promise<T>): Promise<T> {
  const since = Date.now();
  pending.add(since);
  try {
    return await work();
  } finally {
    pending.delete(since);
  }
}

/** The open document's workspace metadata; a failure is asked again after 1.5 s (the 'New Variant' wait). */
export function useWorkspaceMetadata(fileId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: workspaceKeys.metadata(fileId),
    // Asked again under the 1.5 s rule below, so the API client's own retry is off.
    queryFn: () => getWorkspaceMetadata(singleTry(api), fileId),
    retry: 3,
    retryDelay: WORKSPACE_TIMINGS.placeholderRetryMs,
    // A variant being written is followed until it is ready.
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? WORKSPACE_TIMINGS.generatingPollMs : false),
  });
}

/** The picker's entries of the workspace `rootId` (its master); asked again while any is being written. */
export function useWorkspaceFiles(rootId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: workspaceKeys.files(rootId ?? ''),
    queryFn: () => listWorkspaceFiles(singleTry(api), rootId ?? ''),
    enabled: rootId !== null,
    retry: 3,
    retryDelay: WORKSPACE_TIMINGS.placeholderRetryMs,
    refetchInterval: (query) => (anyGenerating(query.state.data?.items) ? WORKSPACE_TIMINGS.generatingPollMs : false),
  });
}

async function announceFailure(api: ApiClient, queryClient: QueryClient, rootId: string, item: WorkspaceFile, type: VariantType) {
  const metadata = await getWorkspaceMetadata(api, item.fileId).catch(() => null);
  notify.error(failedMessage(type, metadata?.failure));
  // A failed new variant is empty: it goes, rather than staying in the picker as a blank document.
  await deleteVariant(api, item.fileId).catch(() => undefined);
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.files(rootId) });
}

/**
 * Follows the open document's workspace: its metadata and picker, 'Created' and 'Failed' toasts
 * for variants finishing while the tab is open (also those started before it was reopened), and
 * the picker's refresh about 1 s after the file list changed. Mounted once per editor.
 */
export function useWorkspace(fileId: string) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const metadata = useWorkspaceMetadata(fileId);
  const rootId = workspaceRootOf(metadata.data);
  const files = useWorkspaceFiles(rootId);
  useMasterChanges({ queryClient, fileId, rootId });
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!rootId || !files.data) return;
    for (const item of files.data.items) {
      if (item.isMaster || !item.status) continue;
      const before = seenStatus.get(item.fileId);
      seenStatus.set(item.fileId, item.status);
      if (before !== 'generating' || item.status === 'generating' || !item.variantType) continue;
      const type = item.variantType;
      if (item.status === 'ready') {
        notify.success(createdMessage(type), {
          action: { label: 'Open', ariaLabel: `Open ${item.variantLabel ?? ''}`.trim(), run: () => void navigateRef.current(`/app/${item.fileId}`) },
        });
        // The open variant (made again from its master) shows its new text.
        if (item.fileId === fileId) void queryClient.invalidateQueries({ queryKey: workspaceKeys.metadata(fileId) });
      } else {
        void announceFailure(api, queryClient, rootId, item, type);
      }
    }
  }, [api, fileId, files.data, queryClient, rootId]);

  // docs/PRODUCT.md#workspaces: about 1 s after a file-list change, waiting up to 8 s for renames and deletes under way.
  useEffect(() => {
    if (!rootId) return;
    let timer: number | undefined;
    const refresh = () => {
      const rest = pendingWait([...pending], Date.now());
      if (rest > 0) {
        timer = window.setTimeout(refresh, Math.min(rest, WORKSPACE_TIMINGS.refreshDelayMs));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.files(rootId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.metadata(fileId) });
    };
    const onChange = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, WORKSPACE_TIMINGS.refreshDelayMs);
    };
    window.addEventListener(FILE_LIST_CHANGED_EVENT, onChange);
    return () => {
      window.removeEventListener(FILE_LIST_CHANGED_EVENT, onChange);
      window.clearTimeout(timer);
    };
  }, [fileId, queryClient, rootId]);

  return { metadata: metadata.data, rootId, files: files.data?.items, filesLoading: files.isPending && rootId !== null };
}
