import { useEffect, useState } from 'react';
import type { SaveState } from '@bree/editor';
import { cn } from '../../ui';
import { saveLabel } from './saveStatus';

const DOT: Record<SaveState['status'], string> = {
  saved: 'bg-green-600',
  saving: 'bg-amber-500 animate-pulse',
  unsaved: 'bg-amber-500',
  error: 'bg-danger',
};

/** A status dot (also the icon of the mobile document-actions button). */
export function SaveDot({ status }: { status: SaveState['status'] }) {
  return <span aria-hidden="true" className={cn('inline-block size-2 rounded-full', DOT[status])} />;
}

/** The save status line, announced politely; the relative time refreshes every 30 s. */
export function SaveIndicator({ state, className }: { state: SaveState; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [state]);
  return (
    <span role="status" aria-live="polite" data-testid="save-status" className={cn('inline-flex items-center gap-1.5 text-sm text-muted', className)}>
      <SaveDot status={state.status} />
      {saveLabel(state, now)}
    </span>
  );
}
