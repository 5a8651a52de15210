import { cn } from './cn';

export interface SpinnerProps {
  /** Announced to assistive technology and shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** An accessible loading indicator (role=status with a label). */
export function Spinner({ label = 'Loading', showLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center gap-3', className)}>
      <span aria-hidden="true" className={cn('inline-block animate-spin rounded-full border-accent/25 border-t-accent', SIZES[size])} />
      {showLabel && <span className="text-sm text-muted">{label}</span>}
    </span>
  );
}

/** A centred full-area loading state, e.g. 'Loading Bree'. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center p-6">
      <Spinner label={label} showLabel size="lg" className="flex-col" />
    </div>
  );
}
