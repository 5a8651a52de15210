import { anchorOf } from './anchors';
import { useOptionalCommentsUi } from './CommentsContext';

/** 'Comment' on a selection (the assistant's bubble, the shared page's): starts a thread on the selected text. */
export function CommentSelectionButton({ className }: { className?: string }) {
  const ui = useOptionalCommentsUi();
  // Nothing to comment on outside a document's comments (or for a Viewer).
  if (!ui?.canComment) return null;
  const { editor, setDraft, setActive, setOpen } = ui;
  const start = () => {
    const anchor = anchorOf(editor.state.doc, editor.state.selection);
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
