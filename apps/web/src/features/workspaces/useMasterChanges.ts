import { useEffect } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { WorkspaceMetadata } from '@bree/contracts';
import { onDocumentSaved } from '../saving/documentSaved';
import { workspaceKeys } from './api';

/** True for a cached metadata query of a variant of `masterId`. */
function isVariantOf(query: Query, masterId: string): boolean {
  const data = query.state.data as WorkspaceMetadata | undefined;
  return query.queryKey[1] === 'metadata' && data?.masterFileId === masterId && !data.isMaster;
}

/**
 * What a workspace's documents say about their master's changes, kept current
 * (docs/WORKSPACES.md "Stale variants"): when the master's text is saved, in this tab or another,
 * the open document's metadata (a variant's 'The master has changed…') and the picker's entries
 * ('master changed') are asked again at once, and the cached metadata of its other variants is
 * marked out of date so opening one asks too. A tab shown again asks as well, for a master saved
 * where no message reaches (another browser or device).
 */
export function useMasterChanges({ queryClient, fileId, rootId }: { queryClient: QueryClient; fileId: string; rootId: string | null }): void {
  useEffect(() => {
    if (!rootId) return;
    const refresh = () => {
      // The master's own metadata does not change with its text: only a variant's is asked again.
      if (fileId !== rootId) void queryClient.invalidateQueries({ queryKey: workspaceKeys.metadata(fileId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.files(rootId) });
    };
    const stopListening = onDocumentSaved(({ fileId: saved }) => {
      if (saved !== rootId) return;
      // The variants not open here are asked again when they are next shown.
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.all, predicate: (query) => isVariantOf(query, rootId), refetchType: 'none' });
      refresh();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [fileId, queryClient, rootId]);
}
