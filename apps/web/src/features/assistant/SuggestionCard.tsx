import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { Button, Spinner, cn } from '../../ui';
import { getPreview } from './preview';
import type { AssistantApi, Suggestion } from './useAssistant';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl';

/** The tab naming the new text (spec 2 §1: 'Original' and 'Enhanced', or 'Modified' for Modify). */
export function suggestedLabel(s: Pick<Suggestion, 'action'>): string {
  return s.action === 'modify' ? 'Modified' : 'Enhanced';
}

/** Viewport position just under the suggested text (else the original range); re-read on scroll and resize. */
function useAnchor(editor: Editor, active: boolean): { top: number; left: number } | null {
  const [anchor, setAnchor] = useState<{ top: number; left: number } | null>(null);
  useEffect(() => {
    if (!active) return;
    const read = () => {
      const target = getPreview(editor)?.target;
      if (!target || editor.isDestroyed) return setAnchor(null);
      // While the suggestion shows, the replaced blocks are hidden: their positions say nothing
      // about where the new text ends, so the card goes under the suggestion itself.
      const shown = editor.view.dom.querySelector('.bree-ai-suggested')?.getBoundingClientRect();
      if (shown) return setAnchor({ top: shown.bottom + 8, left: shown.left });
      try {
        const start = editor.view.coordsAtPos(target.from);
        const end = editor.view.coordsAtPos(Math.max(target.from, target.to - 1));
        setAnchor({ top: end.bottom + 8, left: start.left });
      } catch {
        setAnchor(null);
      }
    };
    read();
    const timer = window.setInterval(read, 250);
    window.addEventListener('scroll', read, true);
    window.addEventListener('resize', read);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('scroll', read, true);
      window.removeEventListener('resize', read);
    };
  }, [editor, active]);
  return anchor;
}

/** The inline suggestion card: streamed text, Original/Enhanced tabs, Accept and Reject. */
export function SuggestionCard({ editor, assistant, isMobile }: { editor: Editor; assistant: AssistantApi; isMobile: boolean }) {
  const { suggestion: s, accept, reject, toggleView } = assistant;
  const anchor = useAnchor(editor, s !== null && !isMobile);

  // Shortcuts work while the caret is still in the editor, so they listen on the window.
  useEffect(() => {
    if (!s) return;
    const onKey = (e: KeyboardEvent) => {
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
  const placed = !isMobile && anchor && !s.orphan;
  const style = placed ? { top: Math.min(anchor.top, window.innerHeight - 220), left: Math.max(8, Math.min(anchor.left, window.innerWidth - 440)) } : undefined;

  return (
    <section
      role="dialog"
      aria-label="Assistant suggestion"
      data-testid="ai-suggestion"
      style={style}
      className={cn(
        'fixed z-40 w-[min(26rem,calc(100vw-1rem))] rounded-xl border border-line bg-surface p-3 shadow-pop',
        !placed && (isMobile ? 'inset-x-2 bottom-16 w-auto' : 'right-6 bottom-6'),
      )}
    >
      {s.phase === 'generating' && (
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
        <div role="alert">
          <p className="text-sm text-danger" data-testid="ai-error">
            {s.error}
          </p>
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
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={reject} title="Reject (Esc)">
              Reject
            </Button>
            <Button size="sm" onClick={() => void accept()} title={`Accept (${MOD}+Enter)`}>
              Accept
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
