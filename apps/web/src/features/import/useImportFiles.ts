import { useCallback } from 'react';
import { useServices } from '../../app/services';
import { getCurrentTenant } from '../tenancy';
import { importFiles } from './importFiles';
import type { ImportDeps, ImportSummary } from './importFiles';

/** importFiles options a component may set (the app supplies api, cache and tenant). */
export type ImportOptions = Omit<ImportDeps, 'api' | 'queryClient' | 'tenantId'>;

/** `importFiles` bound to the app's API client, query cache and current tenant. */
export function useImportFiles(): (files: readonly File[], options?: ImportOptions) => Promise<ImportSummary> {
  const { api, queryClient } = useServices();
  return useCallback((files, options = {}) => importFiles(files, { ...options, api, queryClient, tenantId: getCurrentTenant() }), [api, queryClient]);
}
