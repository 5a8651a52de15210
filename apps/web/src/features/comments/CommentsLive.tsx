import { useEffect, useRef } from 'react';
import { useServices } from '../../app/services';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { anchorBack, anchorOf, resolveAnchor, sameAnchor } from './anchors';
import { isApiError } from '../../lib/api';
import { listComments, moveAnchor } from './api';

const isGone = (error: unknown) => isApiError(error) && error.status === 404;
import { useCommentsUi } from './CommentsContext';
import { commentHighlightsKey, commentHighlightsPlugin, highlightedRanges, type HighlightedThread } from './highlights';
import './comments.css';

/** How often an open document asks for comments others wrote (and at once on coming back to the tab). */
export const COMMENTS_REFRESH_MS = 15_000;

/**
 * The document's threads, loaded and kept fresh, and their text marked in the editor (this part
 * loads after the page, so opening a document carries none of it). In a
 * writer's editor, once their edits are saved, the server is told where each thread's text moved,
 * or that it was deleted (the thread then shows 'On deleted text'), or that it is back (an undo).
 */
export function CommentsLive() {
  const { editor, data, active, setActive, setOpen, setLoaded, canWrite, savedAt, fileId } = useCommentsUi();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['comments', fileId],
    queryFn: () => listComments(api, fileId),
    // A document gone (deleted, or the caller's access removed) is asked no more: the page says so itself.
    retry: (count, error) => !isGone(error) && count < 2,
    refetchInterval: (q) => (isGone(q.state.error) ? false : COMMENTS_REFRESH_MS),
    refetchOnWindowFocus: (q) => (isGone(q.state.error) ? false : 'always'),
  });
  useEffect(() => setLoaded(query.data, query.error), [query.data, query.error, setLoaded]);
  // The threads this editor found and marked: only their moves are its to tell (a thread on text
  // this window has not got — written elsewhere since it opened — is not 'deleted' here).
  const marked = useRef(new Set<string>());
  const open = useRef({ setActive, setOpen });
  open.current = { setActive, setOpen };

  useEffect(() => {
    if (editor.isDestroyed) return;
    const plugin = commentHighlightsPlugin((id) => {
      open.current.setActive(id);
      open.current.setOpen(true);
    });
    editor.registerPlugin(plugin);
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(commentHighlightsKey);
    };
  }, [editor]);

  // Marked again whenever the threads or the one looked at change; resolved threads are not marked.
  useEffect(() => {
    if (editor.isDestroyed || !data) return;
    const threads: HighlightedThread[] = [];
    for (const t of data.threads) {
      if (t.resolved || t.anchorDeleted) continue;
      const range = resolveAnchor(editor.state.doc, t.anchor);
      if (range) threads.push({ id: t.id, anchor: t.anchor, ...range });
    }
    marked.current = new Set(threads.map((t) => t.id));
    editor.view.dispatch(editor.state.tr.setMeta(commentHighlightsKey, { threads, active }).setMeta('addToHistory', false));
  }, [editor, data, active]);

  // A writer's saved edits: each thread whose text moved, or went, is told to the server once.
  useEffect(() => {
    if (!canWrite || savedAt === null || !data || editor.isDestroyed) return;
    const ranges = highlightedRanges(editor.state);
    const moves = data.threads.flatMap((t) => {
      if (t.resolved) return [];
      // Its words deleted and then put back in place (an undo): the thread is on them again.
      if (t.anchorDeleted) return anchorBack(editor.state.doc, t.anchor) ? [{ threadId: t.id, anchor: t.anchor }] : [];
      if (!marked.current.has(t.id)) return [];
      const range = ranges.get(t.id);
      const now = range ? anchorOf(editor.state.doc, range) : null;
      if (now && sameAnchor(now, t.anchor)) return [];
      return [{ threadId: t.id, anchor: now }];
    });
    if (moves.length === 0) return;
    void Promise.all(moves.map((m) => moveAnchor(api, m).catch(() => null))).then(() => queryClient.invalidateQueries({ queryKey: ['comments', fileId] }));
  }, [canWrite, savedAt, data, editor, api, queryClient, fileId]);

  return null;
}
