import type { ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy/lazyPart';
import { Dialog, Spinner } from '../../ui';
import { useCommentsUi } from './CommentsContext';

// The panel and the highlights load just after the page (docs/PAGE-WEIGHT.md): opening a document carries none of them.
const CommentsPanel = lazyPart<{ onClose(): void; beforeShow?: (go: () => void) => void; titled?: boolean }>(
  'Comments',
  () => import('./CommentsPanel').then((m) => m.CommentsPanel),
  () => <Spinner size="sm" label="Loading comments" showLabel className="py-6" />,
);
/** The threads loaded, kept fresh and their text marked in the document, whether the panel is open or not. */
export const CommentsLive = lazyPart<object>('Comments', () => import('./CommentsLive').then((m) => m.CommentsLive));
/** 'Comment' over the selected text of a document shared with the caller (the owner's is in the assistant's bubble). */
export const CommentBubble = lazyPart<object>('Comment bubble', () => import('./CommentBubble').then((m) => m.CommentBubble));

/**
 * The side column of a wide screen: the comments while they are open, else `children` (the
 * document's own panel).
 */
export function CommentsColumn({ children, label }: { children?: ReactNode; label: string }) {
  const { open, setOpen } = useCommentsUi();
  // Nothing else to show there (a shared document's page): the column is there only while comments are open.
  if (!open && !children) return null;
  return (
    <aside aria-label={open ? 'Comments panel' : label} className="hidden w-88 shrink-0 border-l border-line bg-surface md:block">
      {open ? <CommentsPanel onClose={() => setOpen(false)} /> : children}
    </aside>
  );
}

/** The comments on a phone: a sheet over the text, closed before the text shows a thread's words. */
export function CommentsSheet() {
  const { open, setOpen } = useCommentsUi();
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Comments" variant="sheet">
      <div className="-mx-4 h-[70dvh]">
        <CommentsPanel
          titled={false}
          onClose={() => setOpen(false)}
          beforeShow={(go) => {
            setOpen(false);
            requestAnimationFrame(go);
          }}
        />
      </div>
    </Dialog>
  );
}
