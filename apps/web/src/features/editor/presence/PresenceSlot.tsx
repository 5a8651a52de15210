import { lazy, Suspense } from 'react';

// Its own chunk, fetched once the editor is up: the page's first load carries none of it (docs/PAGE-WEIGHT.md).
const PresenceList = lazy(() => import('./PresenceList'));

/** Who else has the document open (docs/COLLABORATION.md "Presence"); nothing until anyone has. */
export function PresenceSlot({ fileId, compact }: { fileId: string; compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <PresenceList fileId={fileId} {...(compact ? { compact } : {})} />
    </Suspense>
  );
}
