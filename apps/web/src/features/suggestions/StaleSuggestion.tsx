import type { Suggestion } from '@bree/contracts';
import { diffWords } from '@bree/editor';
import { Button } from '../../ui';

/**
 * A suggestion whose paragraph changed since it was made: it can no longer be placed in the text, so
 * what it proposed is shown whole, its changes marked against the words it was made on — the reviewer
 * can carry them over by hand — and it can be dismissed.
 */
export function StaleSuggestion({ suggestion: s, onDismiss }: { suggestion: Suggestion; onDismiss(): void }) {
  return (
    <div className="mt-1 flex items-start gap-2 text-xs text-ink-soft" data-testid="stale-suggestion">
      <details className="min-w-0 flex-1">
        <summary className="cursor-pointer py-1.5">{s.authorName} suggested an edit of a paragraph that has changed since</summary>
        <p className="mt-1 rounded-md bg-paper px-2 py-1.5 text-sm whitespace-pre-wrap text-ink">
          {diffWords(s.baseText, s.proposedText).map((run, i) =>
            run.kind === 'same' ? (
              <span key={i}>{run.text}</span>
            ) : run.kind === 'insert' ? (
              <ins key={i} className="text-accent">
                {run.text}
              </ins>
            ) : (
              <del key={i} className="text-muted">
                {run.text}
              </del>
            ),
          )}
        </p>
      </details>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
