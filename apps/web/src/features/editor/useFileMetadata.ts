import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { FileMetadata } from '@bree/contracts';
import { useServices } from '../../app/services';
import { getFile, saveMetadata } from './api';

/** Where the open document's metadata is cached: the editor page puts what it loaded there. */
export const fileMetadataKey = (fileId: string) => ['editor', 'metadata', fileId] as const;

/** Puts a loaded document's metadata in the cache, so the panels read it without asking again. */
export function seedFileMetadata(queryClient: QueryClient, fileId: string, metadata: FileMetadata): void {
  queryClient.setQueryData(fileMetadataKey(fileId), metadata);
}

export interface FileMetadataControl {
  metadata: FileMetadata | undefined;
  /** Saves these fields (shown at once, put back if the server refuses); false when not kept. */
  update(fields: FileMetadata): Promise<boolean>;
}

/** The open document's metadata (its tag, its sharing choices), read once and changed in place. */
export function useFileMetadata({ tenantId, fileId }: { tenantId: string; fileId: string }): FileMetadataControl {
  const { api, queryClient } = useServices();
  const key = fileMetadataKey(fileId);
  const query = useQuery({ queryKey: key, queryFn: async () => (await getFile(api, fileId)).metadata, staleTime: Infinity });
  const update = useCallback(
    async (fields: FileMetadata) => {
      const key = fileMetadataKey(fileId);
      const before = queryClient.getQueryData<FileMetadata>(key);
      queryClient.setQueryData<FileMetadata>(key, { ...before, ...fields });
      try {
        queryClient.setQueryData(key, await saveMetadata(api, { tenantId, fileId, metadata: fields }));
        return true;
      } catch {
        queryClient.setQueryData(key, before);
        return false;
      }
    },
    [api, queryClient, tenantId, fileId],
  );
  return { metadata: query.data, update };
}
