import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { diffWords } from '@bree/editor';
import { getPreview } from '../preview';
import { setReviewApplier } from '../reviewGate';
import type { AssistantApi, Suggestion } from '../useAssistant';
import { allDecided, applyDecisions, buildChanges, nextPending } from './changes';
import type { Decision } from './changes';
import { CHANGE_ATTR, dispatchReview, ensureReviewPlugin, reviewOf } from './reviewPlugin';
import type { ReviewState } from './reviewPlugin';

/** What the review's controls use: the state, and the decisions the writer can make. */
export interface ReviewApi {
  review: ReviewState | null;
  /** False when the difference could not be placed in the text: the card keeps plain Accept and Reject. */
  placed: boolean;
  decide(index: number, decision: Exclude<Decision, 'pending'>): void;
  decideAll(decision: Exclude<Decision, 'pending'>): void;
  move(step: 1 | -1): void;
  setCurrent(index: number): void;
}

/** The element drawing change `index` in the text (its first, when it is split). */
export function changeElement(editor: Editor, index: number): HTMLElement | null {
  return editor.isDestroyed ? null : editor.view.dom.querySelector<HTMLElement>(`[${CHANGE_ATTR}="${index}"]`);
}

/**
 * The review of a rewrite (docs/ASSISTANT.md "Reviewing a rewrite"): the word-level difference of
 * each replaced stretch, drawn in the text, with a decision per change. Nothing changes the
 * document until every change is decided (or Accept all / Reject all): then Accept applies the
 * accepted changes as one transaction, one Undo step.
 */
export function useReview({ editor, assistant, suggestion }: { editor: Editor; assistant: AssistantApi; suggestion: Suggestion }): ReviewApi {
  const [review, setReview] = useState<ReviewState | null>(null);
  const [placed, setPlaced] = useState(true);
  const { paragraphs } = suggestion;

  // A new version (Try another, the pager) is a new difference with every change undecided.
  useLayoutEffect(() => {
    ensureReviewPlugin(editor);
    const preview = getPreview(editor);
    if (!preview || preview.target.kind !== 'text') return;
    const changes = buildChanges({ doc: editor.state.doc, ranges: preview.target.ranges, paragraphs, diff: diffWords });
    setPlaced(changes !== null);
    if (!changes) return;
    dispatchReview(editor, { type: 'start', changes }, { ...preview, review: true });
    setReviewApplier(editor, (tr, target) => {
      const open = reviewOf(editor.state);
      if (open) applyDecisions({ tr, changes: open.changes, decisions: open.decisions });
      return tr.mapping.map(target.to, 1);
    });
    return () => {
      setReviewApplier(editor, null);
      const shown = getPreview(editor);
      dispatchReview(editor, { type: 'end' }, shown ? { ...shown, review: false } : undefined);
    };
  }, [editor, paragraphs]);

  useEffect(() => {
    // Typing only moves the changes: the controls re-render when a decision or the current change does.
    const read = () => {
      const next = reviewOf(editor.state);
      setReview((prev) => (prev && next && prev.decisions === next.decisions && prev.current === next.current ? prev : next));
    };
    read();
    editor.on('transaction', read);
    return () => {
      editor.off('transaction', read);
    };
  }, [editor]);

  const finish = useCallback(
    (decisions: readonly Decision[]) => {
      // Every change decided: the accepted ones go in as one step; none accepted leaves the text as it was.
      if (decisions.some((d) => d === 'accepted')) void assistant.accept();
      else assistant.reject();
    },
    [assistant],
  );

  const decide = useCallback(
    (index: number, decision: Exclude<Decision, 'pending'>) => {
      const open = reviewOf(editor.state);
      if (!open || index < 0 || index >= open.changes.length) return;
      const decisions = open.decisions.map((d, i) => (i === index ? decision : d));
      dispatchReview(editor, { type: 'decide', index, decision, current: nextPending({ decisions, from: index, step: 1 }) });
      if (allDecided(decisions)) finish(decisions);
    },
    [editor, finish],
  );

  const decideAll = useCallback(
    (decision: Exclude<Decision, 'pending'>) => {
      const open = reviewOf(editor.state);
      if (!open) return;
      dispatchReview(editor, { type: 'decideAll', decision });
      finish(open.decisions.map((d) => (d === 'pending' ? decision : d)));
    },
    [editor, finish],
  );

  const setCurrent = useCallback(
    (index: number) => {
      const open = reviewOf(editor.state);
      if (open && open.current !== index && open.decisions[index] === 'pending') dispatchReview(editor, { type: 'current', index });
    },
    [editor],
  );

  const move = useCallback(
    (step: 1 | -1) => {
      const open = reviewOf(editor.state);
      if (!open) return;
      const index = nextPending({ decisions: open.decisions, from: open.current, step });
      if (index < 0) return;
      dispatchReview(editor, { type: 'current', index });
      changeElement(editor, index)?.scrollIntoView({ block: 'nearest' });
    },
    [editor],
  );

  return { review, placed, decide, decideAll, move, setCurrent };
}
