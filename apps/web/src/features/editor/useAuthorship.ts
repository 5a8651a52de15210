import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { useEffect, useState } from 'react';
import type { Authorship } from '@bree/contracts';
import { authorshipOfNode } from '@bree/editor';

/** How long typing must pause before the figures are counted again. */
const AUTHORSHIP_DELAY_MS = 250;

/**
 * Characters of the open document and how many of them the AI wrote (the provenance marks),
 * counted again once an edit settles: one walk of the document, never per keystroke.
 */
export function useAuthorship(editor: Editor): Authorship {
  const [authorship, setAuthorship] = useState(() => authorshipOfNode(editor.state.doc));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Every change of the text, also content loaded without an update event (a restore, a conflict resolved).
    const refresh = ({ transaction }: { transaction: Transaction }) => {
      if (!transaction.docChanged) return;
      clearTimeout(timer);
      timer = setTimeout(() => setAuthorship(authorshipOfNode(editor.state.doc)), AUTHORSHIP_DELAY_MS);
    };
    editor.on('transaction', refresh);
    return () => {
      clearTimeout(timer);
      editor.off('transaction', refresh);
    };
  }, [editor]);
  return authorship;
}
