import { useEffect, useId, useRef } from 'react';
import { Button, cn } from '../../ui';
import type { AlternativeCard } from './alternatives';
import type { AssistantApi, Suggestion } from './useAssistant';
import { VoiceMatchLine } from './VoiceMatchLine';

/**
 * 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"): each version streams into its
 * own card with its voice match score; 'Use this version' applies it as Accept does, 'Show in text'
 * makes it the suggestion's shown version (the pager reaches the others), Reject discards all.
 * A column beside the text on a desktop, a row scrolled sideways on a phone.
 */
export function AlternativesPanel({ assistant, suggestion, isMobile }: { assistant: AssistantApi; suggestion: Suggestion; isMobile: boolean }) {
  const cards = suggestion.alternatives?.cards ?? [];
  const writing = cards.filter((c) => !c.version && !c.error).length;
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Opened from the keyboard, the 'Show 3 versions' button is gone with focus on it: focus comes here.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);
  const choose = (index: number, how: 'use' | 'show', fromKeyboard: boolean) => {
    void assistant.chooseAlternative(index, how).then(() => {
      // 'Show in text' by keyboard: focus goes on to the card's pager, which reaches the others.
      if (how === 'show' && fromKeyboard) window.requestAnimationFrame(() => focusPager());
    });
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold text-ink focus:outline-none">
          {cards.length} versions
        </h2>
        <p role="status" className="flex items-center gap-2 text-xs text-muted">
          {writing > 0 ? (
            <>
              <Busy /> Writing {writing === 1 ? '1 version' : `${writing} versions`}…
            </>
          ) : (
            'Choose one'
          )}
        </p>
      </div>
      <ol
        aria-label="Versions side by side"
        className={cn('mt-2 flex gap-2', isMobile ? 'snap-x snap-mandatory overflow-x-auto pb-1' : 'max-h-[60vh] flex-col overflow-y-auto')}
      >
        {cards.map((card, index) => (
          <VersionCard
            key={index}
            card={card}
            index={index}
            original={suggestion.original}
            isMobile={isMobile}
            onChoose={(how, fromKeyboard) => choose(index, how, fromKeyboard)}
          />
        ))}
      </ol>
      <div className="mt-2 flex justify-end">
        <Button variant="ghost" size="sm" onClick={assistant.reject} title="Reject all versions (Esc)">
          Reject
        </Button>
      </div>
    </div>
  );
}

/** Focuses the suggestion card's versions pager (or its Accept when there is one version). */
function focusPager(): void {
  const card = document.querySelector('[data-ai-card]');
  const target =
    card?.querySelector<HTMLElement>('[role="group"][aria-label="Versions"] button[aria-disabled="false"]') ??
    [...(card?.querySelectorAll<HTMLElement>('button') ?? [])].find((b) => b.textContent?.trim() === 'Accept');
  target?.focus();
}

/** A spinner seen, not announced: the panel's one status line says what is being written. */
function Busy() {
  return <span aria-hidden="true" className="inline-block size-3 animate-spin rounded-full border-2 border-accent/25 border-t-accent" />;
}

function VersionCard({
  card,
  index,
  original,
  isMobile,
  onChoose,
}: {
  card: AlternativeCard;
  index: number;
  original: string;
  isMobile: boolean;
  /** `fromKeyboard`: the click came from Enter or Space (a click's `detail` is 0), so focus must follow. */
  onChoose(how: 'use' | 'show', fromKeyboard: boolean): void;
}) {
  const name = `Version ${index + 1}`;
  const nameId = useId();
  const ready = card.version !== null;
  return (
    <li
      aria-label={name}
      data-testid="ai-alternative"
      aria-busy={!ready && !card.error}
      className={cn('rounded-lg border border-line bg-cream p-2', isMobile && 'w-[85%] shrink-0 snap-start')}
    >
      <p className="flex items-center gap-2 text-xs font-semibold text-muted">
        <span id={nameId}>{name}</span>
        {!ready && !card.error && <Busy />}
      </p>
      {card.error ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {card.error}
        </p>
      ) : (
        <p className="mt-1 max-h-28 overflow-y-auto text-sm whitespace-pre-wrap text-ink" data-testid="ai-alternative-text">
          {card.streamed || '…'}
        </p>
      )}
      {card.streamed && !card.error && <VoiceMatchLine suggested={card.streamed} original={original} />}
      {ready && (
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" onMouseDown={(e) => e.preventDefault()} onClick={(e) => onChoose('show', e.detail === 0)} aria-describedby={nameId}>
            Show in text
          </Button>
          <Button size="sm" onMouseDown={(e) => e.preventDefault()} onClick={(e) => onChoose('use', e.detail === 0)} aria-describedby={nameId}>
            Use this version
          </Button>
        </div>
      )}
    </li>
  );
}
