import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useServices } from '../../../app/services';
import { notify } from '../../../lib/toast';
import { getCurrentTenant } from '../../tenancy';
import { getIgnoredFindings, ignoredFindingsKey, setIgnoredFinding } from './api';
import { writeOptimistically } from './optimistic';

export interface IgnoredFindings {
  /** Ids of the findings ignored in this document (`checkFindingId`). */
  ignored: Set<string>;
  ignore(findingId: string): Promise<void>;
  unignore(findingId: string): Promise<void>;
}

const NONE: string[] = [];

/** The findings ignored in one document, remembered with it (docs/CHECKS.md "Settings and what is remembered"). */
export function useIgnoredFindings(fileId: string): IgnoredFindings {
  const { api, queryClient } = useServices();
  // The tenant the API calls are made for (its X-Tenant-Id): one author's answers are never another's.
  const tenantId = getCurrentTenant();
  const query = useQuery({
    queryKey: ignoredFindingsKey(tenantId, fileId),
    queryFn: () => getIgnoredFindings(api, fileId),
    enabled: tenantId !== '' && fileId !== '',
    staleTime: 5 * 60_000,
  });
  const list = query.data ?? NONE;
  const ignored = useMemo(() => new Set(list), [list]);

  const change = useCallback(
    (findingId: string, ignore: boolean) => {
      const queryKey = ignoredFindingsKey(tenantId, fileId);
      const current = queryClient.getQueryData<string[]>(queryKey) ?? [];
      const next = ignore ? (current.includes(findingId) ? current : [...current, findingId]) : current.filter((id) => id !== findingId);
      return writeOptimistically({
        queryClient,
        queryKey,
        next,
        write: () => setIgnoredFinding(api, { fileId, findingId, ignored: ignore }),
        onFailure: () => notify.error(ignore ? 'Failed to remember the ignored finding' : 'Failed to bring the finding back'),
      });
    },
    [api, queryClient, tenantId, fileId],
  );

  return {
    ignored,
    ignore: useCallback((findingId: string) => change(findingId, true), [change]),
    unignore: useCallback((findingId: string) => change(findingId, false), [change]),
  };
}
