import { useEffect, useRef } from 'react';
import { ERROR_CODES } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';
import { hasErrorCode } from '../../lib/errorCodes';
import { getFile } from './api';

/**
 * Notices that the open document was deleted (in another tab or device) when the tab comes
 * back into view, so the editor clears instead of typing into a document that is gone.
 */
export function useDeletedDocument({ api, fileId, onDeleted }: { api: ApiClient; fileId: string; onDeleted(): void }): void {
  const deletedRef = useRef(onDeleted);
  deletedRef.current = onDeleted;
  useEffect(() => {
    const check = async () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      try {
        await getFile(api, fileId);
      } catch (error) {
        if (hasErrorCode(error, ERROR_CODES.fileNotFound, ERROR_CODES.notFound)) deletedRef.current();
      }
    };
    const onVisibility = () => void check();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [api, fileId]);
}
