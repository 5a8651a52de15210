import { useCallback, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { CLAIM_STATUS, displayName, isDefaultFileName } from '@bree/contracts';
import type { FileSummary, SavedName } from '@bree/contracts';
import { useServices } from '../../app/services';
import { documentKeys } from '../documents/api';
import { MESSAGES } from '../documents/listMessages';
import { renamedPath } from '../documents/renamedPath';
import { notify } from '../../lib/toast';

export interface DocumentName {
  /** The document with its name and path as they are now. */
  file: FileSummary;
  /** Renames in place; resolves true when the new name is kept (an unchanged name sends nothing). */
  rename(input: string): Promise<boolean>;
  /** A save's answer named the document after its first line. */
  onNamed(named: SavedName): void;
  /** An Untitled document with text that has not taken its name yet (leaving then sends its text once more). */
  awaitsName(): boolean;
}

/**
 * The open document's name and path: renamed in place through the list's own rename (optimistic
 * list, 'File renamed successfully' / 'Failed to rename file'), or named after its first line by
 * a save — the server owns that rule (files.naming.ts) and the save's answer says so.
 */
export function useDocumentName({
  tenantId,
  summary,
  editorRef,
}: {
  tenantId: string;
  summary: FileSummary;
  editorRef: RefObject<Editor | null>;
}): DocumentName {
  const { api, queryClient } = useServices();
  const [file, setFile] = useState<FileSummary>(summary);
  const fileRef = useRef(file);
  fileRef.current = file;
  const awaitsNameRef = useRef(summary.metadata.status === CLAIM_STATUS.claimed && isDefaultFileName(summary.name));

  const onNamed = useCallback(
    (named: SavedName) => {
      awaitsNameRef.current = false;
      setFile((f) => ({ ...f, name: named.name, displayName: named.displayName, filePath: named.filePath }));
      void queryClient.invalidateQueries({ queryKey: documentKeys.all(tenantId) });
    },
    [queryClient, tenantId],
  );

  const rename = useCallback(
    async (input: string): Promise<boolean> => {
      const current = fileRef.current;
      const target = renamedPath(current, input);
      if (!target) return true;
      // The list's change queue loads when first used, not before a writer can type (docs/PAGE-WEIGHT.md).
      const runtime = await import('../documents/runtime').catch((error: unknown) => {
        // Offline before it was ever fetched: the rename fails as an unanswered one does.
        console.warn('[documents] rename failed', error);
        notify.error(MESSAGES.renameFailed);
        return null;
      });
      const ok = runtime ? await runtime.documentsRuntime({ tenantId, api, queryClient }).changes.rename(current, input) : false;
      if (ok) {
        // Named by the writer: the server no longer names it after its text either.
        awaitsNameRef.current = false;
        const name = target.split('/').pop() ?? target;
        setFile((f) => ({ ...f, name, displayName: displayName(name), filePath: target }));
      }
      return ok;
    },
    [api, queryClient, tenantId],
  );

  const awaitsName = useCallback(() => awaitsNameRef.current && (editorRef.current?.state.doc.textContent.trim() ?? '') !== '', [editorRef]);

  return { file, rename, onNamed, awaitsName };
}
