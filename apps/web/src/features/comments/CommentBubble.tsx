import { useEffect, useRef } from 'react';
import { BubbleMenu } from '@tiptap/react/menus';
import { useEditorState } from '@tiptap/react';
import { useIsMobile } from '../../ui';
import { CommentSelectionButton } from './CommentSelectionButton';
import { useCommentsUi } from './CommentsContext';

/**
 * 'Comment' over the selected text where the assistant's actions are not offered (a document shared
 * with the caller, read-only or not): a bubble on a wide screen, a bar at the bottom on a phone.
 */
export function CommentBubble() {
  const { editor, canComment } = useCommentsUi();
  const isMobile = useIsMobile();
  const selected = useEditorState({ editor, selector: ({ editor: e }) => e.state.selection.to > e.state.selection.from });
  // Not while the mouse is still selecting: a bubble shown mid-drag would sit under the pointer and end the selection early.
  const dragging = useRef(false);
  useEffect(() => {
    const dom = editor.view.dom;
    const down = () => (dragging.current = true);
    const up = () => {
      if (!dragging.current) return;
      dragging.current = false;
      // Shown now that the selection is made ('show' does not place it: placed once shown).
      if (editor.isDestroyed || editor.state.selection.empty) return;
      editor.view.dispatch(editor.state.tr.setMeta('breeCommentBubble', 'show'));
      editor.view.dispatch(editor.state.tr.setMeta('breeCommentBubble', 'updatePosition'));
    };
    dom.addEventListener('mousedown', down);
    window.addEventListener('mouseup', up);
    return () => {
      dom.removeEventListener('mousedown', down);
      window.removeEventListener('mouseup', up);
    };
  }, [editor]);
  if (!canComment) return null;
  const body = (
    <div className="rounded-lg border border-line bg-surface p-1 shadow-pop" data-testid="comment-bubble">
      <CommentSelectionButton />
    </div>
  );
  if (isMobile) return selected ? <div className="fixed inset-x-0 bottom-4 z-40 flex justify-center px-2">{body}</div> : null;
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="breeCommentBubble"
      shouldShow={({ state }) => !dragging.current && state.selection.to > state.selection.from}
      options={{ placement: 'top' }}
    >
      {body}
    </BubbleMenu>
  );
}
