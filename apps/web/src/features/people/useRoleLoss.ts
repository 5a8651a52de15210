import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import type { SaveMachine } from '@bree/editor';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { copyText } from '../editor/clipboard';
import { toEditorContent } from '../editor/EditorPage';
import { sharedFile } from './api';
import { PEOPLE_TEXT } from './roles';

interface RoleLoss {
  api: ApiClient;
  fileId: string;
  editor: Editor;
  machine: SaveMachine;
  /** Whether the caller may edit now (an Editor). */
  editable: boolean;
  /** The role they have now, as the page names it, once they may not edit. */
  roleLabel: string;
  /** Shows the document as the server has it, as committed (the conflict choice's 'Use the latest' does the same). */
  loadCommitted(content: unknown, revision: number): void;
}

/**
 * An Editor made Viewer or Commenter while words of theirs were not saved yet: those words can no
 * longer be saved (each try is refused), and left in place they would look saved — and be saved
 * silently on a later return to Editor. The text goes back to the document as it is, and the toast
 * says so and offers the words to copy, so nothing vanishes unsaid.
 */
export function useRoleLoss({ api, fileId, editor, machine, editable, roleLabel, loadCommitted }: RoleLoss): void {
  const wasEditable = useRef(editable);
  useEffect(() => {
    const lost = wasEditable.current && !editable;
    wasEditable.current = editable;
    if (!lost || !machine.getState().dirty || editor.isDestroyed) return;
    const mine = editor.getText({ blockSeparator: '\n\n' });
    sharedFile(api, fileId)
      .then((latest) => {
        if (editor.isDestroyed) return;
        loadCommitted(toEditorContent(latest.content), latest.revision);
        notify.error(PEOPLE_TEXT.unsavedOnRoleLoss(roleLabel), { action: { label: 'Copy my text', run: () => void copyText(mine) } });
      })
      // Offline, or the document gone: the words stay where they are, and the page says what it can.
      .catch(() => undefined);
  }, [api, fileId, editor, machine, editable, roleLabel, loadCommitted]);
}
