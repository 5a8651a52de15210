import { DEFAULT_CHECK_SETTINGS, type CheckSettings } from '@bree/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServices } from '../../../app/services';
import { notify } from '../../../lib/toast';
import { getCurrentTenant } from '../../tenancy';
import { checkSettingsKey, getCheckSettings, putCheckSettings } from './api';
import { writeOptimistically } from './optimistic';

export interface CheckSettingsState {
  /** The author's settings; the defaults while loading or when they cannot be read. */
  settings: CheckSettings;
  /** Saves at once on screen; a failed save puts the old settings back and says so. */
  save(next: CheckSettings): Promise<void>;
  loading: boolean;
}

/** The author's Checks settings, kept with the voice profile (docs/CHECKS.md "Settings and what is remembered"). */
export function useCheckSettings(): CheckSettingsState {
  const { api, queryClient } = useServices();
  // The tenant the API calls are made for (its X-Tenant-Id): one author's answers are never another's.
  const tenantId = getCurrentTenant();
  const queryKey = checkSettingsKey(tenantId);
  const query = useQuery({ queryKey, queryFn: () => getCheckSettings(api), enabled: tenantId !== '', staleTime: 5 * 60_000 });

  const save = useCallback(
    (next: CheckSettings) =>
      writeOptimistically({
        queryClient,
        queryKey: checkSettingsKey(tenantId),
        next,
        write: () => putCheckSettings(api, next),
        onFailure: () => notify.error('Failed to save your check settings'),
      }),
    [api, queryClient, tenantId],
  );

  return { settings: query.data ?? DEFAULT_CHECK_SETTINGS, save, loading: query.isPending };
}
