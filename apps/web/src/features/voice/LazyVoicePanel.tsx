import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui';

// Most sessions never open the Voice panel: it loads when it is first shown.
const VoicePanel = lazy(() => import('./VoicePanel').then((m) => ({ default: m.VoicePanel })));

/** The Voice panel, downloaded the first time it is shown. */
export function LazyVoicePanel() {
  return (
    <Suspense fallback={<Spinner label="Loading" showLabel className="py-6" />}>
      <VoicePanel />
    </Suspense>
  );
}
