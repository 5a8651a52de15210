import { useCallback } from 'react';
import type { SaveMachine } from '@bree/editor';
import type { ApiClient } from '../../../lib/api';
import { restoreVersion } from '../api';

interface VersionRestoreInput {
  api: ApiClient;
  tenantId: string;
  fileId: string;
  machine: SaveMachine;
  /** Loads server content into the editor without it counting as an edit. */
  loadCommitted(content: unknown, revision: number): void;
}

/**
 * Restores a version of the open document (docs/PRODUCT.md#versions). Typing the server does not
 * have yet is saved first, since the restore keeps the server's current text as a version; and no
 * autosave goes out while the restore is on its way, since it would carry the revision the restore
 * replaces and come back refused as a conflict. Rejects when either request fails.
 */
export function useVersionRestore({ api, tenantId, fileId, machine, loadCommitted }: VersionRestoreInput): (versionId: string) => Promise<void> {
  return useCallback(
    async (versionId: string) => {
      if (machine.getState().dirty) {
        const saved = await machine.requestSave({ source: 'manual', force: true });
        if (machine.getState().dirty) throw new Error(`The current text could not be saved first (${String(saved)}).`);
      }
      machine.setPaused(true);
      try {
        const answer = await restoreVersion(api, { tenantId, fileId, versionId });
        loadCommitted(answer.content, answer.revision);
      } finally {
        machine.setPaused(false);
      }
    },
    [api, tenantId, fileId, machine, loadCommitted],
  );
}
