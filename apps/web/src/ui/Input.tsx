import { useId } from 'react';
import type { InputHTMLAttributes, LabelHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

/** A form label in the design system's style. */
export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-medium text-ink-soft', className)} {...rest} />;
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label; also the input's accessible name. */
  label?: string;
  /** Help text under the field, linked with aria-describedby. */
  hint?: string;
  /** Error text; marks the field invalid and is announced with it. */
  error?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input whose hint and error are tied to it via aria-describedby. */
export function Input({ label, hint, error, id, className, ref, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      {label && <Label htmlFor={inputId}>{label}</Label>}
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-10 w-full rounded-md border bg-surface px-3 text-base text-ink placeholder:text-muted/80',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
          error ? 'border-danger' : 'border-line-strong',
          className,
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
