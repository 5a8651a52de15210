import type { SearchResult } from '@bree/contracts';
import { memo } from 'react';
import { formatDate } from '../../lib/dates';
import { cn } from '../../ui';
import { centreOnFirstMatch, highlightSegments } from './highlight';

// On a plain white chip: the tinted chips of the list lose contrast on the active result's cream.
const TAG_TONES: Record<NonNullable<SearchResult['tag']> | 'Untagged', string> = {
  Human: 'border-success/40 text-success',
  'AI-Assisted': 'border-accent/40 text-accent-strong',
  AI: 'border-warning/40 text-warning',
  Untagged: 'border-line-strong text-muted',
};

/**
 * The passage as text with the matched parts in <mark> (React elements, never HTML), starting a few
 * words before the first match so the two lines shown always hold it.
 */
export function PassageText({ text, highlights }: { text: string; highlights: SearchResult['passage']['highlights'] }) {
  const snippet = centreOnFirstMatch(text, highlights);
  return highlightSegments(snippet.text, snippet.highlights).map((segment, i) =>
    segment.marked ? (
      <mark key={i} className="rounded-sm bg-accent-soft px-0.5 font-medium text-accent-strong">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

interface Props {
  id: string;
  result: SearchResult;
  active: boolean;
  onOpen(result: SearchResult): void;
  onHover(): void;
}

/** One result: name, authenticity tag, 'Variant' for a workspace variant, the 'Edited' date and the highlighted passage. */
export const SearchResultOption = memo(function SearchResultOption({ id, result, active, onOpen, onHover }: Props) {
  const tag = result.tag ?? 'Untagged';
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onClick={() => onOpen(result)}
      onMouseMove={active ? undefined : onHover}
      className={cn('cursor-pointer rounded-lg px-3 py-2.5', active ? 'bg-cream ring-1 ring-accent/40' : 'hover:bg-cream')}
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 truncate font-medium text-ink">{result.name}</span>
        {result.isDraft && <span className="shrink-0 rounded border border-line-strong px-1 text-[0.6875rem] text-muted">Variant</span>}
        <span className={cn('shrink-0 rounded border bg-surface px-1 text-[0.6875rem] font-semibold', TAG_TONES[tag])}>{tag}</span>
        <span className="ml-auto shrink-0 text-xs text-muted">{formatDate(result.contentUpdatedAt)}</span>
      </div>
      {result.passage.text && (
        <p className="mt-1 line-clamp-2 text-sm break-words text-muted">
          <PassageText text={result.passage.text} highlights={result.passage.highlights} />
        </p>
      )}
    </li>
  );
});
