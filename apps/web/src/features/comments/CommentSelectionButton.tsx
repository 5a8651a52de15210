import { anchorOf } from './anchors';
import { useCommentsUi } from './CommentsContext';

/** 'Comment' on a selection (the assistant's bubble, the shared page's): starts a thread on the selected text. */
export function CommentSelectionButton({ className }: { className?: string }) {
  const { canComment, editor, setDraft, setActive, setOpen } = useCommentsUi();
  if (!canComment) return null;
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
