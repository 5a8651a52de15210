import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CommentAnchor, CommentListAnswer, CommentThread } from '@bree/contracts';
import { useServices } from '../../app/services';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { createThread, deleteComment, editComment, replyTo, setResolved } from './api';

/**
 * What a person does to the threads of one document. Each answer updates the cached list at once
 * (the panel does not wait for the next refresh); a refusal is told in a toast and the typed text kept.
 */
export function useThreadActions(fileId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = ['comments', fileId];

  const put = (thread: CommentThread) =>
    queryClient.setQueryData<CommentListAnswer>(key, (old) => {
      if (!old) return old;
      const known = old.threads.some((t) => t.id === thread.id);
      return { ...old, threads: known ? old.threads.map((t) => (t.id === thread.id ? thread : t)) : [...old.threads, thread] };
    });

  async function run<T>(call: () => Promise<T>, after: (answer: T) => void): Promise<boolean> {
    setBusy(true);
    try {
      after(await call());
      return true;
    } catch (error) {
      notify.error(errorMessage(error, 'The comment could not be saved. Try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    create: (anchor: CommentAnchor, body: string, done: (thread: CommentThread) => void) =>
      run(
        () => createThread(api, { fileId, anchor, body }),
        (a) => {
          put(a.thread);
          done(a.thread);
        },
      ),
    reply: (threadId: string, body: string) =>
      run(
        () => replyTo(api, { threadId, body }),
        (a) => put(a.thread),
      ),
    resolve: (threadId: string, resolved: boolean) =>
      run(
        () => setResolved(api, { threadId, resolved }),
        (a) => put(a.thread),
      ),
    edit: (commentId: string, body: string) =>
      run(
        () => editComment(api, { commentId, body }),
        (a) => put(a.thread),
      ),
    remove: (threadId: string, commentId: string) =>
      run(
        () => deleteComment(api, { commentId }),
        (a) =>
          queryClient.setQueryData<CommentListAnswer>(
            key,
            (old) =>
              old && {
                ...old,
                threads: a.threadDeleted
                  ? old.threads.filter((t) => t.id !== threadId)
                  : old.threads.map((t) => (t.id === threadId ? { ...t, comments: t.comments.filter((c) => c.id !== commentId) } : t)),
              },
          ),
      ),
  };
}
export type ThreadActions = ReturnType<typeof useThreadActions>;
