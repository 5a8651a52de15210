import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Editor } from '@tiptap/core';
import { Button } from '../../../ui';
import { SHORTCUTS, ariaKeys, tooltipFor } from '../../editor/shortcuts';
import { checksSession } from './session';

/**
 * 'Back to the list' while a finding's words, shown from the list, are still selected in the text
 * and have focus (docs/CHECKS.md "The Checks panel"): focus returns to that finding. 'Check my draft' keys do the same.
 */
export function BackToList({ editor, onBack }: { editor: Editor; onBack(): void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => {
      const { chosenRange } = checksSession(editor);
      const { from, to } = editor.state.selection;
      setShown(editor.isFocused && chosenRange !== null && chosenRange.from === from && chosenRange.to === to);
    };
    update();
    editor.on('selectionUpdate', update);
    editor.on('transaction', update);
    // Shown only while the text has focus: from the list there is nothing to go back to.
    editor.on('focus', update);
    editor.on('blur', update);
    return () => {
      editor.off('focus', update);
      editor.off('blur', update);
      editor.off('selectionUpdate', update);
      editor.off('transaction', update);
    };
  }, [editor]);
  if (!shown) return null;
  return createPortal(
    <div className="fixed bottom-6 left-1/2 z-40 -translate-x-1/2">
      <Button
        size="sm"
        variant="secondary"
        className="shadow-pop"
        title={tooltipFor({ id: 'checkDraft' })}
        aria-keyshortcuts={ariaKeys({ keys: SHORTCUTS.checkDraft.keys })}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onBack}
      >
        Back to the list
      </Button>
    </div>,
    document.body,
  );
}
