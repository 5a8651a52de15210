import { useMemo, useState } from 'react';
import { isApiError } from '../../lib/api';
import { Spinner, cn } from '../../ui';
import { resolveAnchor } from './anchors';
import { CommentComposer } from './CommentComposer';
import { useCommentsUi } from './CommentsContext';
import { ThreadCard } from './ThreadCard';
import { useThreadActions } from './useThreadActions';

type Filter = 'open' | 'resolved';

/**
 * The comments panel (docs/COLLABORATION.md "Comments"): the thread being started on the selected
 * text, then the open or the resolved threads in the order of their text in the document (threads
 * on deleted text last).
 */
export function CommentsPanel({ onClose, beforeShow, titled = true }: { onClose(): void; beforeShow?: (go: () => void) => void; titled?: boolean }) {
  const ui = useCommentsUi();
  const { editor, data, draft, setDraft, active, setActive, canComment } = ui;
  const actions = useThreadActions(ui.fileId);
  const [filter, setFilter] = useState<Filter>('open');
  const people = data?.mentionable ?? [];

  const placed = useMemo(() => {
    const threads = data?.threads ?? [];
    return threads
      .map((thread) => ({ thread, range: thread.anchorDeleted ? null : resolveAnchor(editor.state.doc, thread.anchor) }))
      .sort((a, b) => (a.range?.from ?? Infinity) - (b.range?.from ?? Infinity) || a.thread.createdAt.localeCompare(b.thread.createdAt));
    // The document's text is read when the threads change, not at every keystroke.
  }, [data, editor]);
  const shown = placed.filter((p) => p.thread.resolved === (filter === 'resolved'));
  const counts = { open: placed.filter((p) => !p.thread.resolved).length, resolved: placed.filter((p) => p.thread.resolved).length };

  const show = (threadId: string, range: { from: number; to: number } | null) => {
    setActive(threadId);
    if (!range) return;
    const go = () => editor.chain().setTextSelection(range).scrollIntoView().run();
    if (beforeShow) beforeShow(go);
    else go();
  };

  return (
    <section aria-label="Comments" className="flex h-full min-h-0 flex-col">
      {/* A sheet has its own title and close button. */}
      {titled && (
        <div className="flex items-center justify-between border-b border-line px-4 py-2">
          <h2 className="text-sm font-semibold text-ink">Comments</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close comments"
            className="inline-flex size-9 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep hover:text-ink"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
      <div role="tablist" aria-label="Which comments" className="flex gap-1 px-4 pt-3">
        {(['open', 'resolved'] as const).map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            onClick={() => setFilter(f)}
            className={cn('rounded-full px-3 py-1 text-xs', filter === f ? 'bg-ink text-white' : 'bg-cream-deep text-ink-soft hover:text-ink')}
          >
            {f === 'open' ? 'Open' : 'Resolved'} ({counts[f]})
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {draft && (
          <div className="rounded-lg border border-accent bg-surface p-3" data-testid="new-comment">
            <p className="mb-2 truncate border-l-2 border-[#e7c35a] pl-2 text-xs text-ink-soft">{draft.quote}</p>
            <CommentComposer
              label="Comment"
              submitLabel="Comment"
              people={people}
              autoFocus
              busy={actions.busy}
              onCancel={() => {
                setDraft(null);
                // Back to the words the comment was for, not to the page's start.
                if (!editor.isDestroyed) editor.commands.focus();
              }}
              onSubmit={(body) =>
                actions.create(draft, body, (thread) => {
                  setDraft(null);
                  setFilter('open');
                  setActive(thread.id);
                  // The words are commented on now: their 'Comment' bubble goes (it stayed over the text).
                  if (!editor.isDestroyed && !editor.state.selection.empty) editor.commands.setTextSelection(editor.state.selection.to);
                })
              }
            />
          </div>
        )}
        {!data && !ui.loadError && <Spinner size="sm" label="Loading comments" showLabel className="py-6" />}
        {ui.loadError !== null && !data && (
          <p role="alert" className="text-sm text-ink-soft">
            {isApiError(ui.loadError) && ui.loadError.status === 404
              ? 'This document is no longer there.'
              : 'The comments could not be loaded. They will be tried again shortly.'}
          </p>
        )}
        {data && shown.length === 0 && !draft && (
          <p className="py-4 text-sm text-muted">
            {filter === 'open' ? `No open comments.${canComment ? ' Select text in the document, then choose Comment.' : ''}` : 'No resolved comments.'}
          </p>
        )}
        {shown.map(({ thread, range }) => (
          <ThreadCard
            key={thread.id}
            thread={thread}
            onDeletedText={thread.anchorDeleted || range === null}
            active={active === thread.id}
            canComment={canComment}
            people={people}
            actions={actions}
            onShow={() => show(thread.id, range)}
          />
        ))}
      </div>
    </section>
  );
}
