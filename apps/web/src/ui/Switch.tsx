import { useId } from 'react';
import { cn } from './cn';

export interface SwitchProps {
  /** Visible label; also the switch's accessible name. */
  label: string;
  /** A line under the label saying what the switch does (the switch's accessible description). */
  description?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
}

/**
 * An on/off switch with its label beside it (role switch: Space and Enter toggle it, as a button),
 * and optionally a description line under the label.
 */
export function Switch({ label, description, checked, onChange, disabled, busy, className }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span id={labelId} className="text-sm text-ink-soft">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="text-xs text-muted">
            {description}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60',
          checked ? 'bg-accent' : 'bg-line-strong',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')}
        />
      </button>
    </div>
  );
}
