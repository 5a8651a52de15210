import type { EditorView } from '@tiptap/pm/view';
import { anchorOf, type TextRange } from './anchors';
import { useOptionalCommentsUi } from './CommentsContext';

/**
 * The words selected on the page now. The browser's selection is read, not the editor's copy of it:
 * that follows the page's selection a moment later, and a quick press after a drag would comment on
 * the part selected so far.
 */
function selectedRange(view: EditorView): TextRange {
  const dom = window.getSelection();
  if (dom && !dom.isCollapsed && dom.anchorNode && dom.focusNode && view.dom.contains(dom.anchorNode) && view.dom.contains(dom.focusNode)) {
    const a = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
    const b = view.posAtDOM(dom.focusNode, dom.focusOffset);
    return { from: Math.min(a, b), to: Math.max(a, b) };
  }
  return view.state.selection;
}

/** 'Comment' on a selection (the assistant's bubble, the shared page's): starts a thread on the selected text. */
export function CommentSelectionButton({ className }: { className?: string }) {
  const ui = useOptionalCommentsUi();
  // Nothing to comment on outside a document's comments (or for a Viewer).
  if (!ui?.canComment) return null;
  const { editor, setDraft, setActive, setOpen } = ui;
  const start = () => {
    const anchor = anchorOf(editor.state.doc, selectedRange(editor.view));
    if (!anchor) return;
    setDraft(anchor);
    setActive(null);
    setOpen(true);
  };
  return (
    <button
      type="button"
      title="Comment on the selected text"
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={start}
      className={`h-9 rounded-md px-3 text-sm text-ink hover:bg-cream-deep ${className ?? ''}`}
    >
      Comment
    </button>
  );
}
