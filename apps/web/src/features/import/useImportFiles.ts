import { useCallback } from 'react';
import { useServices } from '../../app/services';
import { getCurrentTenant } from '../tenancy';
import { uploadImage } from '../editor/images/upload';
import { importFiles } from './importFiles';
import type { ImportDeps, ImportSummary } from './importFiles';

/** importFiles options a component may set (the app supplies api, cache and tenant). */
export type ImportOptions = Omit<ImportDeps, 'api' | 'queryClient' | 'tenantId'>;

/** `importFiles` bound to the app's API client, query cache and current tenant. */
export function useImportFiles(): (files: readonly File[], options?: ImportOptions) => Promise<ImportSummary> {
  const { api, queryClient, tokens } = useServices();
  return useCallback(
    (files, options = {}) => {
      const tenantId = getCurrentTenant();
      // An imported file's images, uploaded for its new document (docs/IMAGES.md).
      const storeImage = async (fileId: string, image: Blob) =>
        (await uploadImage({ fileId, tenantId, getAccessToken: (o) => tokens.getAccessToken(o), invalidateToken: () => tokens.invalidate() }, image)).src;
      return importFiles(files, { storeImage, ...options, api, queryClient, tenantId });
    },
    [api, queryClient, tokens],
  );
}
