import type { CommentAnchor } from '@bree/contracts';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { resolveAnchor, type TextRange } from './anchors';

interface HighlightsState {
  set: DecorationSet;
  threads: HighlightedThread[];
  active: string | null;
}

/** The threads' marked text: decorations only, never marks in the document (comments are not its text). */
export const commentHighlightsKey = new PluginKey<HighlightsState>('breeCommentHighlights');

export interface HighlightedThread extends TextRange {
  id: string;
  /** Where the server has it: found again when the whole text is replaced. */
  anchor: CommentAnchor;
}

/** The transaction meta that replaces every highlight (the list of threads changed, or the one looked at). */
export interface HighlightsMeta {
  threads: HighlightedThread[];
  active: string | null;
}

function marked(doc: PmNode, threads: HighlightedThread[], active: string | null): HighlightsState {
  const decorations = threads.map((t) =>
    Decoration.inline(
      t.from,
      t.to,
      { class: t.id === active ? 'bree-comment bree-comment-active' : 'bree-comment', 'data-comment-thread': t.id },
      { threadId: t.id },
    ),
  );
  return { set: DecorationSet.create(doc, decorations), threads, active };
}

/** The whole text was replaced (the latest text loaded from the server, a version restored): nothing maps through it. */
function replacesAll(tr: Transaction): boolean {
  return tr.steps.some((step, i) => step instanceof ReplaceStep && step.from === 0 && step.to === tr.docs[i]!.content.size);
}

/**
 * Marks each open thread's text and follows it through edits (the decorations map with every
 * change, so typing before it moves it and deleting it all drops it). When the whole text is
 * replaced, each thread is found again by its words (a save followed from elsewhere is no deletion).
 * A click on marked text opens its thread.
 */
export function commentHighlightsPlugin(onOpen: (threadId: string) => void): Plugin<HighlightsState> {
  return new Plugin<HighlightsState>({
    key: commentHighlightsKey,
    state: {
      init: () => ({ set: DecorationSet.empty, threads: [], active: null }),
      apply(tr, state) {
        const meta = tr.getMeta(commentHighlightsKey) as HighlightsMeta | undefined;
        if (meta) return marked(tr.doc, meta.threads, meta.active);
        if (!tr.docChanged) return state;
        if (!replacesAll(tr)) return { ...state, set: state.set.map(tr.mapping, tr.doc) };
        const found = state.threads.flatMap((t) => {
          const range = resolveAnchor(tr.doc, t.anchor);
          return range ? [{ ...t, ...range }] : [];
        });
        return marked(tr.doc, found, state.active);
      },
    },
    props: {
      decorations: (state) => commentHighlightsKey.getState(state)?.set,
      handleClick(_view, _pos, event) {
        const target = (event.target as HTMLElement | null)?.closest?.('[data-comment-thread]');
        const id = target?.getAttribute('data-comment-thread');
        if (id) onOpen(id);
        return false;
      },
    },
  });
}

/** Where each highlighted thread's text is now, after the edits since it was marked. */
export function highlightedRanges(state: EditorState): Map<string, TextRange> {
  const ranges = new Map<string, TextRange>();
  for (const d of commentHighlightsKey.getState(state)?.set.find() ?? []) {
    const id = (d.spec as { threadId?: string }).threadId;
    if (id && d.to > d.from) ranges.set(id, { from: d.from, to: d.to });
  }
  return ranges;
}
