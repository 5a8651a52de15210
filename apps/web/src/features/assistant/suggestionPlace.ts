import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { BackgroundResponse } from '@bree/contracts';
import { blocksWithIds, locateParts, targetFor, textTarget } from './nodes';
import type { SuggestionTarget } from './nodes';

/** Where a stored result goes in the document as it is now; null when what it was about is gone. */
export function backgroundTarget(editor: Editor, r: BackgroundResponse): SuggestionTarget | null {
  const { doc } = editor.state;
  if (r.operationType === 'rewrite' && r.originalContext.parts?.length) {
    const ranges = locateParts(doc, r.originalContext.parts);
    return ranges ? textTarget(ranges) : null;
  }
  const span = blocksWithIds(doc, r.originalContext.nodeIds);
  return span ? targetFor(r.operationType, span) : null;
}

/**
 * Puts the caret back in the text at `pos` (the nearest place text can go) and focuses the
 * editor, when the author was in the text or on the suggestion card: a decision taken while
 * typing somewhere else (Escape in another dialog) leaves the focus there.
 */
export function returnToText(editor: Editor, pos: number | null): void {
  if (editor.isDestroyed) return;
  const active = document.activeElement;
  const fromHere = !active || active === document.body || editor.view.dom.contains(active) || active.closest('[data-ai-card]') !== null;
  if (!fromHere) return;
  if (pos !== null) {
    const { doc } = editor.state;
    const at = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near(at, -1)).setMeta('addToHistory', false).scrollIntoView());
  }
  editor.view.focus();
}
