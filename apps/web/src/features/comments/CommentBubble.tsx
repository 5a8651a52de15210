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
      shouldShow={({ state }) => state.selection.to > state.selection.from}
      options={{ placement: 'top' }}
    >
      {body}
    </BubbleMenu>
  );
}
