import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import { singleTry } from '../../lib/api';
import { notify } from '../../lib/toast';
import { documentKeys } from '../documents/api';
import { emitFileListChanged } from '../documents/events';
import { convertToWorkspace, getWorkspaceMetadata, workspaceKeys } from './api';
import { notifyPlanRequired } from './planRequired';
import { readyDecision, WORKSPACE_TIMINGS } from './rules';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Convert to workspace (docs/PRODUCT.md#workspaces): 'Workspace created' once the server made it, then
 * 'Workspace ready' once the document's metadata says it is the master — asked again after
 * 1.2 s while it is not yet marked, since the mark may trail the answer.
 */
export function useConvertWorkspace(tenantId: string) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const [converting, setConverting] = useState<string | null>(null);

  const convert = useCallback(
    async (fileId: string | null | undefined): Promise<boolean> => {
      if (!fileId) {
        notify.error('No document selected');
        return false;
      }
      setConverting(fileId);
      try {
        try {
          await convertToWorkspace(api, fileId);
        } catch (error) {
          if (!notifyPlanRequired(error, 'Failed to create workspace', () => void navigate('/subscription'))) notify.error('Failed to create workspace');
          return false;
        }
        notify.success('Workspace created');
        for (let attempt = 0; ; attempt++) {
          // Asked again after 1.2 s on any failure, so the API client's own retry is off.
          const metadata = await getWorkspaceMetadata(singleTry(api), fileId).catch(() => null);
          const decision = readyDecision(metadata, attempt);
          if (decision === 'ready') {
            queryClient.setQueryData(workspaceKeys.metadata(fileId), metadata);
            break;
          }
          if (decision === 'failed') {
            notify.error('Failed to prepare workspace');
            return false;
          }
          await wait(WORKSPACE_TIMINGS.readyRetryMs);
        }
        notify.success('Workspace ready');
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
        void queryClient.invalidateQueries({ queryKey: documentKeys.all(tenantId) });
        emitFileListChanged(tenantId);
        return true;
      } finally {
        setConverting(null);
      }
    },
    [api, navigate, queryClient, tenantId],
  );

  return { convert, converting };
}
