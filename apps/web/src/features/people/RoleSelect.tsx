import { useId } from 'react';
import { DOCUMENT_ROLES, type DocumentRole } from '@bree/contracts';
import { cn } from '../../ui';
import { ROLE_HINTS, ROLE_LABELS } from './roles';

/** A native select of the three roles, each said with what it allows ('Viewer — can read'). */
export function RoleSelect({
  label,
  hideLabel,
  value,
  disabled,
  className,
  onChange,
}: {
  label: string;
  className?: string;
  hideLabel?: boolean;
  value: DocumentRole;
  disabled?: boolean;
  onChange: (role: DocumentRole) => void;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-ink-soft', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value as DocumentRole)}
        className="h-10 w-full min-w-0 rounded-md border border-line-strong bg-surface px-2 text-sm text-ink"
      >
        {DOCUMENT_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]} — {ROLE_HINTS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}
