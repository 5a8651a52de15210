import { useId } from 'react';
import { cn } from '../../ui';

/** What a download carries besides the text, as the writer ticked it. */
export interface DownloadExtras {
  includeProvenance: boolean;
  includeComments: boolean;
}
export const NO_EXTRAS: DownloadExtras = { includeProvenance: false, includeComments: false };

const OPTIONS = [
  { key: 'includeProvenance', label: 'Include AI authorship', hint: 'Adds how much of the text you wrote at the top; a web page also marks the AI’s words.' },
  { key: 'includeComments', label: 'Include comments', hint: 'Adds the comment threads after the text, with who wrote them and when.' },
] as const;

/**
 * The boxes offered beside a document's download formats: 'Include AI authorship', and
 * 'Include comments' when the document has comments (`withComments`).
 */
export function DownloadOptions({
  value,
  onChange,
  withComments,
  compact = false,
  className,
}: {
  value: DownloadExtras;
  onChange(value: DownloadExtras): void;
  withComments: boolean;
  /** Without the explaining lines (the phone's menu, where space is short). */
  compact?: boolean;
  className?: string;
}) {
  const id = useId();
  return OPTIONS.filter(({ key }) => withComments || key !== 'includeComments').map(({ key, label, hint }) => (
    <div key={key} className={cn('flex items-start gap-2', className)}>
      <input
        id={`${id}-${key}`}
        type="checkbox"
        checked={value[key]}
        onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
        aria-describedby={compact ? undefined : `${id}-${key}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-accent"
      />
      <div>
        <label htmlFor={`${id}-${key}`} className="text-sm text-ink">
          {label}
        </label>
        {!compact && (
          <p id={`${id}-${key}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  ));
}
