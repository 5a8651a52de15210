import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ApiClient } from '../../lib/api';
import { useWorkspace } from '../workspaces';
import { getFile } from './api';
import { toEditorContent } from './EditorPage';
import { mobileTitle } from './mobileTitle';

interface DocumentWorkspaceInput {
  api: ApiClient;
  fileId: string;
  displayName: string;
  /** Whether the writer has typed since the page loaded: a variant written meanwhile does not replace their text. */
  editedRef: RefObject<boolean>;
  /** Loads server content into the editor without it counting as an edit. */
  loadCommitted(content: unknown, revision: number): void;
}

/**
 * The workspace the open document belongs to (docs/WORKSPACES.md): its variants' progress, a
 * thread's look, the phone header's variant line, and reloading the stored text — after 'Update
 * from master', and once a variant opened while it was being written is ready.
 */
export function useDocumentWorkspace({ api, fileId, displayName, editedRef, loadCommitted }: DocumentWorkspaceInput) {
  const workspace = useWorkspace(fileId);
  const isThread = Boolean(workspace.metadata?.isThreadify);
  const phoneTitle = mobileTitle({
    displayName,
    metadata: workspace.metadata,
    masterName: workspace.files?.find((f) => f.isMaster)?.displayName ?? null,
  });
  /** Loads the stored text into the editor, as a version restore does (after 'Update from master'). */
  const reloadStored = useCallback(async () => {
    const stored = await getFile(api, fileId);
    loadCommitted(toEditorContent(stored.content), stored.revision);
  }, [api, fileId, loadCommitted]);

  // A variant opened while it was being written shows its text once written (unless the writer began typing).
  const variantStatus = workspace.metadata?.status ?? null;
  const statusRef = useRef(variantStatus);
  useEffect(() => {
    const before = statusRef.current;
    statusRef.current = variantStatus;
    if (before === 'generating' && variantStatus === 'ready' && !editedRef.current) void reloadStored().catch(() => undefined);
  }, [variantStatus, reloadStored, editedRef]);

  return { metadata: workspace.metadata, isThread, phoneTitle, reloadStored };
}
