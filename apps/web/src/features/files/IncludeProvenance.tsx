import { useId } from 'react';
import { cn } from '../../ui';

/** The 'Include AI authorship' box offered beside a document's download formats. */
export function IncludeProvenance({
  checked,
  onChange,
  compact = false,
  className,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Without the explaining line (the phone's menu, where space is short). */
  compact?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={compact ? undefined : `${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-accent"
      />
      <div>
        <label htmlFor={id} className="text-sm text-ink">
          Include AI authorship
        </label>
        {!compact && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            Adds how much of the text you wrote at the top; a web page also marks the AI’s words.
          </p>
        )}
      </div>
    </div>
  );
}
