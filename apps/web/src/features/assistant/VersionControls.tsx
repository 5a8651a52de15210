import type { VersionsState } from './versions';

const ARROW =
  'inline-flex h-7 w-7 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent';

/** '2 of 3' between previous and next buttons; shown once a suggestion has more than one version. */
export function VersionControls({ versions, onShow }: { versions: VersionsState; onShow: (direction: 'previous' | 'next') => void }) {
  const count = versions.versions.length;
  if (count < 2) return null;
  // The editor keeps its selection while these are pressed, as with the tabs. At either end a
  // button stays focusable (aria-disabled) so the keyboard focus is not lost; the move does nothing there.
  const keepSelection = (e: { preventDefault(): void }) => e.preventDefault();
  return (
    <div role="group" aria-label="Versions" className="mr-auto flex items-center gap-1">
      <button
        type="button"
        aria-label="Previous version"
        className={ARROW}
        aria-disabled={versions.shown === 0}
        onMouseDown={keepSelection}
        onClick={() => onShow('previous')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <span aria-live="polite" aria-atomic="true" className="min-w-[3.5rem] text-center text-sm text-muted tabular-nums" data-testid="ai-version">
        {versions.shown + 1} of {count}
      </span>
      <button
        type="button"
        aria-label="Next version"
        className={ARROW}
        aria-disabled={versions.shown === count - 1}
        onMouseDown={keepSelection}
        onClick={() => onShow('next')}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
