import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { TextRange } from './anchors';

/** The threads' marked text: decorations only, never marks in the document (comments are not its text). */
export const commentHighlightsKey = new PluginKey<DecorationSet>('breeCommentHighlights');

export interface HighlightedThread extends TextRange {
  id: string;
}

/** The transaction meta that replaces every highlight (the list of threads changed, or the one looked at). */
export interface HighlightsMeta {
  threads: HighlightedThread[];
  active: string | null;
}

/**
 * Marks each open thread's text and follows it through edits (the decorations map with every
 * change, so typing before it moves it and deleting it all drops it). A click on marked text
 * opens its thread.
 */
export function commentHighlightsPlugin(onOpen: (threadId: string) => void): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: commentHighlightsKey,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        const meta = tr.getMeta(commentHighlightsKey) as HighlightsMeta | undefined;
        if (!meta) return set.map(tr.mapping, tr.doc);
        return DecorationSet.create(
          tr.doc,
          meta.threads.map((t) =>
            Decoration.inline(
              t.from,
              t.to,
              { class: t.id === meta.active ? 'bree-comment bree-comment-active' : 'bree-comment', 'data-comment-thread': t.id },
              { threadId: t.id },
            ),
          ),
        );
      },
    },
    props: {
      decorations: (state) => commentHighlightsKey.getState(state),
      handleClick(_view, _pos, event) {
        const marked = (event.target as HTMLElement | null)?.closest?.('[data-comment-thread]');
        const id = marked?.getAttribute('data-comment-thread');
        if (id) onOpen(id);
        return false;
      },
    },
  });
}

/** Where each highlighted thread's text is now, after the edits since it was marked. */
export function highlightedRanges(state: EditorState): Map<string, TextRange> {
  const ranges = new Map<string, TextRange>();
  for (const d of commentHighlightsKey.getState(state)?.find() ?? []) {
    const id = (d.spec as { threadId?: string }).threadId;
    if (id && d.to > d.from) ranges.set(id, { from: d.from, to: d.to });
  }
  return ranges;
}
