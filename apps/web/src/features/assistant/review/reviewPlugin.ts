import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { aiPreviewKey } from '../preview';
import type { PreviewState } from '../preview';
import { mapChanges } from './changes';
import type { Decision, ReviewChange } from './changes';

/** An open review: its changes (following edits made meanwhile), the decisions, the current change. */
export interface ReviewState {
  changes: ReviewChange[];
  decisions: Decision[];
  /** The change the controls are on (-1 when none is left undecided). */
  current: number;
  decorations: DecorationSet;
}

/** Meta: a new review, a decision, a move to another change, or the end of the review. */
export type ReviewMeta =
  | { type: 'start'; changes: ReviewChange[] }
  | { type: 'decide'; index: number; decision: Decision; current: number }
  | { type: 'decideAll'; decision: Decision }
  | { type: 'current'; index: number }
  | { type: 'end' };

export const aiReviewKey = new PluginKey<ReviewState | null>('breeAiReview');

/** The attribute naming the change a decorated stretch belongs to. */
export const CHANGE_ATTR = 'data-ai-change';

function insertion(text: string, index: number, className: string): () => HTMLElement {
  return () => {
    const ins = document.createElement('ins');
    ins.className = className;
    ins.setAttribute(CHANGE_ATTR, String(index));
    ins.textContent = text;
    return ins;
  };
}

/**
 * The difference drawn in the text: a pending change shows its deleted words struck through and its
 * inserted words underlined, an accepted one only its new words, a rejected one only the original.
 * Never colour alone: strike-through, underline, and words for screen readers (editor.css).
 */
function decorate(doc: PmNode, changes: readonly ReviewChange[], decisions: readonly Decision[], current: number): DecorationSet {
  const decorations: Decoration[] = [];
  changes.forEach((c, i) => {
    const decision = decisions[i];
    const here = i === current ? ' bree-ai-current' : '';
    if (decision === 'rejected') return;
    if (c.from < c.to) {
      const attrs = decision === 'accepted' ? { class: 'bree-ai-hidden' } : { class: `bree-ai-del${here}`, nodeName: 'del', [CHANGE_ATTR]: String(i) };
      decorations.push(Decoration.inline(c.from, c.to, attrs));
    }
    if (c.inserted) {
      const className = decision === 'accepted' ? 'bree-ai-ins bree-ai-accepted' : `bree-ai-ins${here}`;
      decorations.push(Decoration.widget(c.to, insertion(c.inserted, i, className), { side: -1, key: `ai-ins-${i}-${className}-${c.inserted.length}` }));
    }
  });
  return DecorationSet.create(doc, decorations);
}

function started(doc: PmNode, changes: ReviewChange[]): ReviewState {
  const decisions = changes.map((): Decision => 'pending');
  const current = changes.length > 0 ? 0 : -1;
  return { changes, decisions, current, decorations: decorate(doc, changes, decisions, current) };
}

function applyMeta(doc: PmNode, state: ReviewState, meta: ReviewMeta): ReviewState | null {
  if (meta.type === 'end') return null;
  if (meta.type === 'start') return started(doc, meta.changes);
  let { decisions, current } = state;
  if (meta.type === 'decide') {
    decisions = decisions.map((d, i) => (i === meta.index ? meta.decision : d));
    current = meta.current;
  } else if (meta.type === 'decideAll') {
    decisions = decisions.map((d) => (d === 'pending' ? meta.decision : d));
    current = -1;
  } else current = meta.index;
  return { ...state, decisions, current, decorations: decorate(doc, state.changes, decisions, current) };
}

/** The review's ProseMirror plugin: its state follows edits, its decorations draw the difference. */
export function reviewPlugin(): Plugin<ReviewState | null> {
  return new Plugin<ReviewState | null>({
    key: aiReviewKey,
    state: {
      init: () => null,
      apply(tr, value) {
        const meta = tr.getMeta(aiReviewKey) as ReviewMeta | undefined;
        if (meta?.type === 'start') return started(tr.doc, meta.changes);
        if (!value) return null;
        // Typing with the review open maps what is drawn: nothing is diffed again (bench/review.bench.ts).
        const mapped = tr.docChanged
          ? { ...value, changes: mapChanges(value.changes, tr.mapping), decorations: value.decorations.map(tr.mapping, tr.doc) }
          : value;
        return meta ? applyMeta(tr.doc, mapped, meta) : mapped;
      },
    },
    props: {
      decorations(state) {
        const review = aiReviewKey.getState(state);
        return review && showsReview(aiPreviewKey.getState(state) ?? null) ? review.decorations : null;
      },
    },
  });
}

/** The review is drawn only while the suggestion is shown (not on the Original tab). */
export function showsReview(preview: PreviewState | null): boolean {
  return !!preview && preview.mode === 'suggested' && !!preview.review;
}

const registered = new WeakSet<Editor>();

/** Adds the review's plugin to this editor, once (it is idle while no review is open). */
export function ensureReviewPlugin(editor: Editor): void {
  if (registered.has(editor) || editor.isDestroyed) return;
  registered.add(editor);
  editor.registerPlugin(reviewPlugin());
}

/** The open review of this editor, if any. */
export function reviewOf(state: EditorState): ReviewState | null {
  return aiReviewKey.getState(state) ?? null;
}

/** Dispatches a review change, kept out of undo (it changes no text). */
export function dispatchReview(editor: Editor, meta: ReviewMeta, preview?: PreviewState | null): void {
  if (editor.isDestroyed) return;
  const tr = editor.state.tr.setMeta(aiReviewKey, meta).setMeta('addToHistory', false);
  if (preview !== undefined) tr.setMeta(aiPreviewKey, preview);
  editor.view.dispatch(tr);
}
