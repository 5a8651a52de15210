import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { SUGGESTION_MAX_VERSIONS } from '@bree/contracts';
import { Button, Spinner, buttonClasses, cn } from '../../ui';
import { BudgetRefusalNotice } from '../billing/BudgetRefusalNotice';
import { cardSlotElement, setCardSlotHeight } from './preview';
import type { AssistantApi, Suggestion } from './useAssistant';
import { VersionControls } from './VersionControls';
import { AlternativesSlot, ShowThreeButton } from './AlternativesSlot';
import { VoiceMatchLine } from './VoiceMatchLine';
import { UnavailableButton } from './UnavailableButton';
import { DecisionButtons } from './DecisionButtons';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl';

/**
 * The tab naming the new text: 'Enhanced' for a rewrite (docs/PRODUCT.md#assistant), 'Modified' for Modify and Ask AI, and
 * 'Added' for the insertions (Add Content, Fill Paragraph, Fill Sentence), which change nothing
 * that was there.
 */
export function suggestedLabel(s: Pick<Suggestion, 'action' | 'operationType'>): string {
  if (s.operationType !== 'rewrite') return 'Added';
  return s.action === 'modify' || s.action === 'ask' ? 'Modified' : 'Enhanced';
}

/** Space between the text and the card, above and below it. */
const GAP = 8;
/** The card's widest, beside a wide text column. */
const MAX_WIDTH = 512;

interface Placement {
  top: number;
  left: number;
  width: number;
}

/**
 * Where the card goes: in the space the preview keeps under the suggestion (its height kept equal
 * to the card's), so the card covers none of the text after it. Re-read after each change of the
 * text, on scroll, resize and as the card grows; null when there is no such space (a result whose text is gone).
 */
function usePlacement(editor: Editor, card: RefObject<HTMLElement | null>, active: boolean): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const read = () => {
      const slot = cardSlotElement(editor);
      const el = card.current;
      if (!slot || !el) return setPlacement(null);
      setCardSlotHeight(editor, el.offsetHeight + 2 * GAP);
      const r = slot.getBoundingClientRect();
      // Kept inside the scrolling text area: scrolled away, the card waits at its edge.
      const area = (editor.view.dom.closest('main') ?? document.documentElement).getBoundingClientRect();
      const top = Math.max(area.top + GAP, Math.min(r.top + GAP, area.bottom - el.offsetHeight - GAP));
      const next = { top: Math.round(top), left: Math.round(r.left), width: Math.round(Math.min(r.width, MAX_WIDTH)) };
      setPlacement((p) => (p && p.top === next.top && p.left === next.left && p.width === next.width ? p : next));
    };
    read();
    // The slot moves with the text (Original/Enhanced, an edit above it): followed in the next
    // frame, not at the next tick of the timer, so the card never sits a quarter second off its slot
    // (a click meant for its tab then landed on the row below).
    let frame = 0;
    const nextFrame = () => {
      if (!frame) frame = window.requestAnimationFrame(() => ((frame = 0), read()));
    };
    editor.on('transaction', nextFrame);
    const timer = window.setInterval(read, 250);
    const resized = new ResizeObserver(read);
    if (card.current) resized.observe(card.current);
    window.addEventListener('scroll', read, true);
    window.addEventListener('resize', read);
    return () => {
      editor.off('transaction', nextFrame);
      window.cancelAnimationFrame(frame);
      window.clearInterval(timer);
      resized.disconnect();
      window.removeEventListener('scroll', read, true);
      window.removeEventListener('resize', read);
      setCardSlotHeight(editor, 0);
    };
  }, [editor, card, active]);
  return active ? placement : null;
}

/** The inline suggestion card: streamed text, Original/Enhanced (or Added) tabs, Accept and Reject. */
export function SuggestionCard({ editor, assistant, isMobile }: { editor: Editor; assistant: AssistantApi; isMobile: boolean }) {
  const { suggestion: s, accept, reject, toggleView, tryAnother, showVersion } = assistant;
  const cardRef = useRef<HTMLElement | null>(null);
  const anchored = s !== null && !isMobile && !s.orphan;
  const placement = usePlacement(editor, cardRef, anchored);

  // Opened, and again once ready: the card (under the suggestion) scrolls into view if it is not.
  const phase = s ? `${s.operationId ?? s.action ?? ''}:${s.phase}` : null;
  useEffect(() => {
    if (!phase || !anchored) return;
    const frame = window.requestAnimationFrame(() => cardSlotElement(editor)?.scrollIntoView({ block: 'nearest' }));
    return () => window.cancelAnimationFrame(frame);
  }, [editor, phase, anchored]);

  // Shortcuts work while the caret is still in the editor, so they listen on the window.
  useEffect(() => {
    if (!s) return;
    const onKey = (e: KeyboardEvent) => {
      // Keys typed in the Ask AI prompt are the prompt's: its Escape closes it alone.
      if (e.target instanceof Element && e.target.closest('[data-ask-ai]')) return;
      // An open '/' menu takes its own Escape (editor/SlashList.tsx): it closes the menu, not the suggestion.
      if (e.key === 'Escape' && document.querySelector('[data-slash-menu]')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        reject();
      } else if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && s.phase === 'ready') {
        e.preventDefault();
        void accept();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [s, accept, reject]);

  if (!s) return null;
  const label = suggestedLabel(s);
  const style = placement ? { top: placement.top, left: placement.left, width: placement.width } : undefined;

  return (
    <section
      ref={cardRef}
      role="dialog"
      aria-label="Assistant suggestion"
      data-testid="ai-suggestion"
      data-ai-card=""
      style={style}
      className={cn(
        'fixed z-40 rounded-xl border border-line bg-surface p-3 shadow-pop',
        !placement && (isMobile ? 'inset-x-2 bottom-16 w-auto' : 'right-6 bottom-6 w-[min(26rem,calc(100vw-1rem))]'),
      )}
    >
      <AlternativesSlot assistant={assistant} suggestion={s} isMobile={isMobile} />
      {s.phase === 'generating' && !s.alternatives && (
        <div aria-live="polite">
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {s.reconnecting ? 'Connection lost. Reconnecting…' : 'Writing…'}
          </p>
          {s.streamed && (
            <p className="mt-2 max-h-40 overflow-y-auto text-sm whitespace-pre-wrap text-ink" data-testid="ai-stream">
              {s.streamed}
            </p>
          )}
          <div className="mt-2 flex justify-end">
            <Button variant="ghost" size="sm" onClick={reject} title="Cancel (Esc)">
              Cancel
            </Button>
          </div>
        </div>
      )}
      {s.phase === 'error' && (
        <div role={s.refusal ? undefined : 'alert'}>
          {s.refusal ? (
            <BudgetRefusalNotice refusal={s.refusal} onSwitch={(tier) => void assistant.switchTier(tier)} />
          ) : (
            <p className="text-sm text-danger" data-testid="ai-error">
              {s.error}
            </p>
          )}
          <div className="mt-2 flex justify-end">
            <Button variant="ghost" size="sm" onClick={reject} title="Close (Esc)">
              Close
            </Button>
          </div>
        </div>
      )}
      {s.phase === 'ready' && (
        <div>
          <div role="tablist" aria-label="Suggestion view" className="flex gap-1">
            {(['original', 'suggested'] as const).map((view) => (
              <button
                key={view}
                type="button"
                role="tab"
                aria-selected={s.view === view}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => toggleView(view)}
                className={cn('rounded-md px-3 py-1 text-sm', s.view === view ? 'bg-cream-deep font-semibold text-ink' : 'text-muted hover:text-ink')}
              >
                {view === 'original' ? 'Original' : label}
              </button>
            ))}
          </div>
          <VoiceMatchLine key={s.operationId} suggested={s.paragraphs.join('\n\n')} original={s.original} />
          {s.versions?.pending && (
            <p role="status" className="mt-2 flex items-center gap-2 text-sm text-muted">
              <Spinner /> Writing another version…
            </p>
          )}
          {s.versions?.error && (
            <p role="alert" className="mt-2 text-sm text-danger" data-testid="ai-error">
              {s.versions.error}
            </p>
          )}
          {s.orphan && (
            <div className="mt-2 max-h-40 overflow-y-auto text-sm text-ink">
              <p className="text-xs text-muted">The original text has changed; accepting adds this at the end.</p>
              {s.paragraphs.map((p, i) => (
                <p key={i} className="mt-1">
                  {p}
                </p>
              ))}
            </div>
          )}
          <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
            {s.versions && <VersionControls versions={s.versions} onShow={showVersion} />}
            <ShowThreeButton assistant={assistant} suggestion={s} />
            {s.request && s.versions && <TryAnotherButton count={s.versions.versions.length} writing={s.versions.pending !== null} onTry={tryAnother} />}
            <DecisionButtons editor={editor} assistant={assistant} suggestion={s} mod={MOD} />
          </div>
        </div>
      )}
    </section>
  );
}

/** Asks for a different version; after the last one allowed it stays focusable and says why it does nothing. */
function TryAnotherButton({ count, writing, onTry }: { count: number; writing: boolean; onTry: () => void }) {
  if (count >= SUGGESTION_MAX_VERSIONS) {
    return (
      <UnavailableButton
        reason={`A suggestion has at most ${SUGGESTION_MAX_VERSIONS} versions.`}
        className={buttonClasses({ size: 'sm', variant: 'secondary' })}
      >
        Try another
      </UnavailableButton>
    );
  }
  return (
    <Button variant="secondary" size="sm" loading={writing} onMouseDown={(e) => e.preventDefault()} onClick={onTry}>
      Try another
    </Button>
  );
}
