import { useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { formatTimeAgo } from '../../lib/dates';
import { Button } from '../../ui';
import { placeSuggestions, reviewStateOf, SUGGESTED_ATTR, suggestionReviewKey, suggestionReviewPlugin, type SuggestionReviewState } from './reviewState';
import { StaleSuggestion } from './StaleSuggestion';
import { useSuggestionDecisions } from './useSuggestionDecisions';
import { useSuggestionsList } from './useSuggestionsList';
import { FloatingChangeButtons, usePlaceAbove } from '../assistant/review/FloatingChange';
import '../assistant/review/review.css';

const ARROW =
  'inline-flex h-7 w-7 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent';
const keepSelection = (e: { preventDefault(): void }) => e.preventDefault();

/**
 * The owner's (or an Editor's) review of the suggestions on a document (docs/COLLABORATION.md
 * "Suggestions"), with the controls of a reviewed rewrite: 'Change 2 of 5' between previous and
 * next, who suggested it and when, Reject all and Accept all, and the current change's own ✓ and ✕
 * beside it in the text. Nothing shows while there is nothing to review.
 */
export function SuggestionReview({ editor, fileId }: { editor: Editor; fileId: string }) {
  const list = useSuggestionsList(fileId);
  const { accept, reject, dismiss } = useSuggestionDecisions(editor, fileId);
  const [review, setReview] = useState<SuggestionReviewState | null>(null);
  const data = list.data;

  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.registerPlugin(suggestionReviewPlugin((iso) => formatTimeAgo(iso)));
    // Redrawn when the changes or the current one do, not at every keystroke of a document without any.
    const read = () => {
      const next = reviewStateOf(editor.state);
      setReview((prev) => (prev && next && prev.changes === next.changes && prev.current === next.current ? prev : next));
    };
    editor.on('transaction', read);
    return () => {
      editor.off('transaction', read);
      if (!editor.isDestroyed) editor.unregisterPlugin(suggestionReviewKey);
    };
  }, [editor]);

  // Placed again whenever the suggestions change (a new one, a decision, a Commenter's further edits).
  // Read when the suggestions change, not at every render.
  const stale = useMemo(() => (data && data.canReview ? placeSuggestions(editor.state.doc, data.suggestions).stale : []), [data, editor]);
  useEffect(() => {
    if (!data?.canReview || editor.isDestroyed) return;
    const { changes } = placeSuggestions(editor.state.doc, data.suggestions);
    editor.view.dispatch(
      editor.state.tr.setMeta(suggestionReviewKey, { type: 'set', changes, current: changes.length ? 0 : -1 }).setMeta('addToHistory', false),
    );
  }, [data, editor]);

  // Hovering or clicking a change makes it the current one.
  useEffect(() => {
    const dom = editor.view.dom;
    const onOver = (e: Event) => {
      const el = (e.target as Element | null)?.closest?.(`[${SUGGESTED_ATTR}]`);
      const index = Number(el?.getAttribute(SUGGESTED_ATTR));
      if (el && reviewStateOf(editor.state)?.current !== index) editor.view.dispatch(editor.state.tr.setMeta(suggestionReviewKey, { type: 'current', index }));
    };
    dom.addEventListener('mouseover', onOver);
    dom.addEventListener('click', onOver);
    return () => {
      dom.removeEventListener('mouseover', onOver);
      dom.removeEventListener('click', onOver);
    };
  }, [editor]);

  const changes = review?.changes ?? [];
  if (changes.length === 0 && stale.length === 0) return null;
  const current = review && review.current >= 0 ? changes[review.current] : undefined;
  const move = (step: 1 | -1) => {
    if (!review || changes.length === 0) return;
    const index = (review.current + step + changes.length) % changes.length;
    editor.view.dispatch(editor.state.tr.setMeta(suggestionReviewKey, { type: 'current', index }));
    editor.view.dom.querySelector(`[${SUGGESTED_ATTR}="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section
      aria-label="Suggested edits"
      className="sticky top-0 z-20 mb-4 rounded-lg border border-line bg-surface p-2 shadow-pop"
      data-testid="suggestion-review"
    >
      {changes.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Changes" className="flex items-center gap-1">
            <button type="button" aria-label="Previous change" className={ARROW} onMouseDown={keepSelection} onClick={() => move(-1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <span aria-live="polite" aria-atomic="true" className="text-sm text-ink tabular-nums" data-testid="suggestion-status">
              {current ? `Change ${review!.current + 1} of ${changes.length}` : `${changes.length} suggested changes`}
            </span>
            <button type="button" aria-label="Next change" className={ARROW} onMouseDown={keepSelection} onClick={() => move(1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
          {current && (
            <span className="min-w-0 flex-1 truncate text-xs text-muted" data-testid="suggestion-author">
              Suggested by {current.suggestion.authorName}, {formatTimeAgo(current.suggestion.updatedAt)}
            </span>
          )}
          <div className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" onMouseDown={keepSelection} onClick={() => reject(changes)} title="Reject every suggested change">
              Reject all
            </Button>
            <Button size="sm" onMouseDown={keepSelection} onClick={() => accept(changes)} title="Accept every suggested change">
              Accept all
            </Button>
          </div>
        </div>
      )}
      {stale.map((s) => (
        <StaleSuggestion key={s.id} suggestion={s} onDismiss={() => dismiss(s)} />
      ))}
      {current && <ChangeControls editor={editor} index={review!.current} onAccept={() => accept([current])} onReject={() => reject([current])} />}
    </section>
  );
}

/** The current change's own Accept and Reject, floating by it in the text (as a reviewed rewrite's). */
function ChangeControls({ editor, index, onAccept, onReject }: { editor: Editor; index: number; onAccept(): void; onReject(): void }) {
  const place = usePlaceAbove(editor, () => editor.view.dom.querySelector<HTMLElement>(`[${SUGGESTED_ATTR}="${index}"]`), index);
  return (
    <FloatingChangeButtons place={place} label={`Suggested change ${index + 1}`} testId="suggestion-change-controls" onAccept={onAccept} onReject={onReject} />
  );
}
