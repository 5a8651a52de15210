import { cn } from '../../ui';
import { useNetworkStatus } from './useNetworkStatus';

const LABELS = {
  offline: {
    text: 'Offline',
    title: 'The server cannot be reached. Changes may fail until the connection returns.',
    tone: 'bg-danger-soft text-danger border-danger/20',
  },
  stale: { text: 'Connection unstable', title: 'No successful connection check for 5 minutes.', tone: 'bg-cream-deep text-warning border-warning/25' },
} as const;

/** A small status pill; renders nothing while online, so a healthy connection stays out of the way. */
export function NetworkPill({ className }: { className?: string }) {
  const state = useNetworkStatus();
  if (state === 'online') return null;
  const label = LABELS[state];
  return (
    <span
      role="status"
      title={label.title}
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium', label.tone, className)}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label.text}
    </span>
  );
}
