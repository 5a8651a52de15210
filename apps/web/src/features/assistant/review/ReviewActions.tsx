import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import { Button } from '../../../ui';
import { SHORTCUTS, formatKeys, matchesKeys } from '../../editor/shortcuts';
import type { KeyCombo, ShortcutId } from '../../editor/shortcuts';
import { getPreview } from '../preview';
import type { AssistantApi, Suggestion } from '../useAssistant';
import { CHANGE_ATTR, showsReview } from './reviewPlugin';
import { FloatingChangeButtons, usePlaceAbove } from './FloatingChange';
import { changeElement, useReview } from './useReview';
import './review.css';
import type { ReviewApi } from './useReview';

const ARROW =
  'inline-flex h-7 w-7 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent';

/** Alt+] and Alt+[ are other characters on a Mac's Option layer: the physical key counts too. */
const CODES: Record<string, string> = { ']': 'BracketRight', '[': 'BracketLeft' };

function pressed(event: KeyboardEvent, keys: KeyCombo): boolean {
  if (matchesKeys({ event, keys })) return true;
  const code = CODES[keys.key];
  return !!code && event.code === code && event.altKey === !!keys.alt && !event.ctrlKey && !event.metaKey;
}

const keysOf = (id: ShortcutId): string => formatKeys({ keys: SHORTCUTS[id].keys });
const keepSelection = (e: { preventDefault(): void }) => e.preventDefault();

/**
 * The card's part of a reviewed rewrite (docs/ASSISTANT.md "Reviewing a rewrite"): 'Change 2 of 5'
 * between previous and next, Reject all and Accept all; the small Accept/Reject of the current
 * change beside it in the text; and the review's keys. Loaded when a review first opens.
 */
export function ReviewActions({ editor, assistant, suggestion, mod }: { editor: Editor; assistant: AssistantApi; suggestion: Suggestion; mod: string }) {
  const api = useReview({ editor, assistant, suggestion });
  const { review, placed, decide, decideAll, move, setCurrent } = api;
  useReviewKeys(api);

  // Hovering (or clicking) a change makes it the current one.
  useEffect(() => {
    const dom = editor.view.dom;
    const onOver = (e: Event) => {
      const el = (e.target as Element | null)?.closest?.(`[${CHANGE_ATTR}]`);
      if (el) setCurrent(Number(el.getAttribute(CHANGE_ATTR)));
    };
    dom.addEventListener('mouseover', onOver);
    dom.addEventListener('click', onOver);
    return () => {
      dom.removeEventListener('mouseover', onOver);
      dom.removeEventListener('click', onOver);
    };
  }, [editor, setCurrent]);

  if (!placed || !review) {
    return (
      <>
        <Button variant="ghost" size="sm" onClick={assistant.reject} title="Reject (Esc)">
          Reject
        </Button>
        <Button size="sm" onClick={() => void assistant.accept()} title={`Accept (${mod}+Enter)`}>
          Accept
        </Button>
      </>
    );
  }
  const total = review.changes.length;
  const decided = review.decisions.filter((d) => d !== 'pending').length;
  const status = review.current >= 0 ? `Change ${review.current + 1} of ${total}` : `All ${total} changes decided`;
  return (
    <>
      <div role="group" aria-label="Changes" className="order-first flex w-full items-center gap-1">
        <button
          type="button"
          aria-label="Previous change"
          title={`Previous change (${keysOf('previousChange')})`}
          className={ARROW}
          onMouseDown={keepSelection}
          onClick={() => move(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span aria-live="polite" aria-atomic="true" className="text-sm text-ink tabular-nums" data-testid="ai-review-status">
          {status}
        </span>
        <button
          type="button"
          aria-label="Next change"
          title={`Next change (${keysOf('nextChange')})`}
          className={ARROW}
          onMouseDown={keepSelection}
          onClick={() => move(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
        <span className="ml-auto text-xs text-muted tabular-nums" data-testid="ai-review-decided">
          {decided} of {total} decided
        </span>
      </div>
      <Button variant="ghost" size="sm" onMouseDown={keepSelection} onClick={() => decideAll('rejected')} title="Reject every change still open">
        Reject all
      </Button>
      <Button size="sm" onMouseDown={keepSelection} onClick={() => decideAll('accepted')} title={`Accept every change still open (${mod}+Enter)`}>
        Accept all
      </Button>
      {review.current >= 0 && <ChangeControls editor={editor} index={review.current} onDecide={decide} />}
    </>
  );
}

/** Alt+] / Alt+[ move between the changes, Alt+Enter accepts the current one and Alt+Shift+Enter rejects it. */
function useReviewKeys({ review, decide, move }: ReviewApi): void {
  const current = review?.current ?? -1;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      let handled = true;
      if (pressed(e, SHORTCUTS.nextChange.keys)) move(1);
      else if (pressed(e, SHORTCUTS.previousChange.keys)) move(-1);
      else if (current >= 0 && pressed(e, SHORTCUTS.acceptChange.keys)) decide(current, 'accepted');
      else if (current >= 0 && pressed(e, SHORTCUTS.rejectChange.keys)) decide(current, 'rejected');
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [current, decide, move]);
}

/** The current change's own Accept and Reject, floating by it in the text. */
function ChangeControls({ editor, index, onDecide }: { editor: Editor; index: number; onDecide: ReviewApi['decide'] }) {
  const place = usePlaceAbove(editor, () => (showsReview(getPreview(editor)) ? changeElement(editor, index) : null), index);
  return (
    <FloatingChangeButtons
      place={place}
      label={`Change ${index + 1}`}
      testId="ai-change-controls"
      acceptTitle={`Accept this change (${keysOf('acceptChange')})`}
      rejectTitle={`Reject this change (${keysOf('rejectChange')})`}
      onAccept={() => onDecide(index, 'accepted')}
      onReject={() => onDecide(index, 'rejected')}
    />
  );
}
