import type { WordChange } from '@bree/editor';
import { changeCountLabel, type DocumentDiff } from './versionDiff';

function Run({ change }: { change: WordChange }) {
  // Never colour alone (docs/PRODUCT.md#versions): underline and strike-through, and words for screen readers.
  if (change.kind === 'insert') {
    return (
      <ins className="rounded-sm bg-accent/15 px-0.5 text-ink underline decoration-accent decoration-2 underline-offset-2">
        <span className="sr-only">added: </span>
        {change.text}
      </ins>
    );
  }
  if (change.kind === 'delete') {
    return (
      <del className="rounded-sm bg-danger/10 px-0.5 text-ink-soft line-through decoration-danger decoration-2">
        <span className="sr-only">removed: </span>
        {change.text}
      </del>
    );
  }
  return <>{change.text}</>;
}

/** A word-level difference, paragraph by paragraph, under its count of changes ('12 changes' / 'No differences'). */
export function VersionDiffView({ diff, caption }: { diff: DocumentDiff; caption: string }) {
  return (
    <div data-testid="version-diff">
      <p className="text-sm text-muted">{caption}</p>
      <p className="mt-1 text-sm font-semibold text-ink" role="status" data-testid="version-diff-count">
        {changeCountLabel(diff.count)}
      </p>
      <div className="mt-3 font-serif text-lg leading-relaxed text-ink">
        {diff.blocks.map((block, i) => (
          <p key={i} className="mb-3 whitespace-pre-wrap">
            {block.map((change, j) => (
              <Run key={j} change={change} />
            ))}
          </p>
        ))}
      </div>
    </div>
  );
}
