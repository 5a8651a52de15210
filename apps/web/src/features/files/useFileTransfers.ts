import { useCallback } from 'react';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import type { DownloadExtras } from './DownloadOptions';
import { downloadDocument, setInRepository, type DownloadFormat } from './transfer';

export interface TransferTarget {
  tenantId: string;
  filePath: string;
  displayName: string;
}

/** Download and repository moves with their toasts, and the lists refreshed after a move. */
export function useFileTransfers() {
  const { api, tokens, queryClient } = useServices();

  const download = useCallback(
    async (file: TransferTarget, format: DownloadFormat, options: Partial<DownloadExtras> = {}) => {
      try {
        await downloadDocument({ getAccessToken: () => tokens.getAccessToken(), ...file, format, ...options });
      } catch (error) {
        console.warn('[files] download failed', error);
        notify.error(`Failed to download ${file.displayName}`);
      }
    },
    [tokens],
  );

  const moveToRepository = useCallback(
    async (file: TransferTarget, isRepository: boolean): Promise<boolean> => {
      try {
        await setInRepository(api, { tenantId: file.tenantId, filePath: file.filePath, isRepository });
        notify.success(isRepository ? `${file.displayName} added to your repository` : `${file.displayName} removed from your repository`);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['documents'] }),
          queryClient.invalidateQueries({ queryKey: ['files'] }),
          queryClient.invalidateQueries({ queryKey: ['editor', 'repository'] }),
        ]);
        return true;
      } catch (error) {
        console.warn('[files] repository move failed', error);
        notify.error('Failed to update the repository');
        return false;
      }
    },
    [api, queryClient],
  );

  return { download, moveToRepository };
}
