import { useState } from 'react';
import type { Comment, CommentThread } from '@bree/contracts';
import { formatTimeAgo } from '../../lib/dates';
import { Button, cn } from '../../ui';
import { CommentComposer } from './CommentComposer';
import type { ThreadActions } from './useThreadActions';

interface Props {
  thread: CommentThread;
  /** The thread's text is no longer in the document. */
  onDeletedText: boolean;
  active: boolean;
  canComment: boolean;
  people: readonly { name: string }[];
  actions: ThreadActions;
  /** Shows the thread's text in the document. */
  onShow(): void;
}

/** One thread: the text it is on, its comments, a reply box, Resolve or Reopen. */
export function ThreadCard({ thread, onDeletedText, active, canComment, people, actions, onShow }: Props) {
  const first = thread.comments[0];
  return (
    <article
      aria-label={`Comment by ${first?.authorName ?? 'someone'}`}
      data-testid="comment-thread"
      className={cn('rounded-lg border bg-surface p-3', active ? 'border-accent shadow-pop' : 'border-line')}
    >
      {onDeletedText ? (
        <p className="mb-2 text-xs text-muted italic">On deleted text: “{thread.anchor.quote}”</p>
      ) : (
        <button
          type="button"
          onClick={onShow}
          className="mb-2 block w-full truncate border-l-2 border-[#e7c35a] pl-2 text-left text-xs text-ink-soft hover:text-ink"
          title="Show in the document"
        >
          {thread.anchor.quote}
        </button>
      )}
      <ol className="space-y-3">
        {thread.comments.map((c) => (
          <CommentItem key={c.id} comment={c} threadId={thread.id} people={people} actions={actions} />
        ))}
      </ol>
      {thread.resolved && (
        <p className="mt-2 text-xs text-muted">
          Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy}` : ''}
          {thread.resolvedAt ? ` ${formatTimeAgo(thread.resolvedAt)}` : ''}
        </p>
      )}
      {canComment && (
        <div className="mt-3 space-y-2">
          {!thread.resolved && (
            <CommentComposer label="Reply" submitLabel="Reply" people={people} busy={actions.busy} onSubmit={(body) => actions.reply(thread.id, body)} />
          )}
          <div className="flex justify-start">
            <Button variant="secondary" size="sm" disabled={actions.busy} onClick={() => void actions.resolve(thread.id, !thread.resolved)}>
              {thread.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

function CommentItem({
  comment,
  threadId,
  people,
  actions,
}: {
  comment: Comment;
  threadId: string;
  people: readonly { name: string }[];
  actions: ThreadActions;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <li>
      <p className="text-xs text-muted">
        <span className="font-semibold text-ink">{comment.authorName}</span> · <time dateTime={comment.createdAt}>{formatTimeAgo(comment.createdAt)}</time>
        {comment.editedAt && ' · edited'}
      </p>
      {editing ? (
        <div className="mt-1">
          <CommentComposer
            label="Edit comment"
            submitLabel="Save"
            people={people}
            initial={comment.body}
            autoFocus
            busy={actions.busy}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              const saved = await actions.edit(comment.id, body);
              if (saved) setEditing(false);
              return saved;
            }}
          />
        </div>
      ) : (
        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-ink">{comment.body}</p>
      )}
      {comment.mine && !editing && (
        <div className="mt-1 flex gap-1">
          {confirming ? (
            <>
              <span className="self-center text-xs text-ink-soft">Delete this comment?</span>
              <Button variant="danger" size="sm" disabled={actions.busy} onClick={() => void actions.remove(threadId, comment.id)}>
                Delete
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit your comment “${comment.body.slice(0, 40)}”`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete your comment “${comment.body.slice(0, 40)}”`}>
                Delete
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
