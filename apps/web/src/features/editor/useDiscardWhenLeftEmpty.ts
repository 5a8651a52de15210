import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { FileSummary } from '@bree/contracts';
import { useServices } from '../../app/services';
import { deleteOfflineSave } from './offlineStore';

/**
 * An empty new document is not kept (docs/TRASH.md, docs/PRODUCT.md#documents): a document this
 * tab just made with 'Create new document' and leaves with no text — the back button, the phone's
 * back or menu, the browser's back, a link anywhere else — is discarded, never to the Trash and
 * with no message. The server decides (POST /files/{id}/discard): a document that holds or ever
 * held text, or that the writer renamed or tagged, is kept. A reload or a closed tab discards
 * nothing: the same address opens the document again.
 */
export function useDiscardWhenLeftEmpty({
  tenantId,
  file,
  editor,
  isNewDocument,
}: {
  tenantId: string;
  /** The document as it is now (its name may have changed while open). */
  file: FileSummary;
  editor: Editor;
  /** Opened right after 'Create new document' in this tab (the router state says so). */
  isNewDocument: boolean;
}): void {
  const { api, queryClient } = useServices();
  // As it was on opening: leaving changes the address, never what the document was.
  const [wasNew] = useState(isNewDocument);
  const latest = useRef({ file, editor });
  latest.current = { file, editor };
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const { file: left, editor: view } = latest.current;
      // Read now, while the editor still holds the text it was left with.
      const empty = wasNew && view.state.doc.textContent.trim() === '';
      if (!empty) return;
      // A remount at once (React's development double effects) is not a leave.
      setTimeout(() => {
        if (mounted.current) return;
        // The list's change queue loads when first used, not before a writer can type (docs/PAGE-WEIGHT.md).
        void import('../documents/runtime')
          .then(({ documentsRuntime }) => documentsRuntime({ tenantId, api, queryClient }).changes.discardEmpty(left))
          .then((gone) => (gone ? deleteOfflineSave(tenantId, left.id) : undefined))
          .catch(() => undefined);
      }, 0);
    };
  }, [api, queryClient, tenantId, wasNew]);
}
