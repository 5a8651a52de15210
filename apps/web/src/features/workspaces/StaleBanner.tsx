import { useState } from 'react';
import type { WorkspaceMetadata } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { Button, Spinner } from '../../ui';
import { assistantErrorMessage, getProviderStatus } from '../assistant/api';
import { getWorkspaceMetadata, updateFromMaster, workspaceKeys } from './api';
import { failedMessage, WORKSPACE_TIMINGS } from './rules';
import { watchVariant } from './useWorkspace';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Props {
  metadata: WorkspaceMetadata;
  /** Loads the variant's stored text into the editor, as a version restore does. */
  reload(): Promise<void>;
}

/**
 * A variant whose master changed since it was made: a calm note and 'Update from master', which
 * makes it again from the master's text now. The replaced text stays in History as a version.
 */
export function StaleBanner({ metadata, reload }: Props) {
  const { api, queryClient } = useServices();
  const [updating, setUpdating] = useState(false);
  if (metadata.status === 'generating' && !updating) {
    // Opened while Bree writes it: the text appears here when it is ready.
    return (
      <p role="status" className="mx-auto mt-4 flex max-w-3xl items-center gap-2 rounded-md border border-line bg-cream px-4 py-2 text-sm text-ink-soft">
        <Spinner size="sm" label="Writing" />
        Writing this variant…
      </p>
    );
  }
  if (!metadata.stale || metadata.isMaster || !metadata.masterFileId) return null;
  const type = metadata.variantType ?? 'duplicate';

  const update = async () => {
    setUpdating(true);
    try {
      const tier = await getProviderStatus(api, metadata.fileId).then(
        (s) => s.provider,
        () => undefined,
      );
      const answer = await updateFromMaster(api, metadata.fileId, type === 'duplicate' ? undefined : tier);
      // The picker announces the new text when it is written (it follows the variant while 'generating').
      if (answer.status === 'generating') watchVariant(metadata.fileId);
      let latest = await getWorkspaceMetadata(api, metadata.fileId);
      while (latest.status === 'generating') {
        await wait(WORKSPACE_TIMINGS.generatingPollMs);
        latest = await getWorkspaceMetadata(api, metadata.fileId);
      }
      if (latest.status === 'failed') {
        notify.error(failedMessage(type, latest.failure));
      } else {
        await reload();
      }
      queryClient.setQueryData(workspaceKeys.metadata(metadata.fileId), latest);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['editor', 'versions', metadata.fileId] });
    } catch (error) {
      notify.error(failedMessage(type, assistantErrorMessage(error)));
    } finally {
      setUpdating(false);
    }
  };

  return (
    <div
      role="status"
      className="mx-auto mt-4 flex max-w-3xl flex-wrap items-center justify-between gap-2 rounded-md border border-line bg-cream px-4 py-2 text-sm text-ink-soft"
    >
      <span>The master has changed since this variant was made</span>
      <Button size="sm" variant="secondary" loading={updating} onClick={() => void update()}>
        {updating ? 'Updating…' : 'Update from master'}
      </Button>
    </div>
  );
}
