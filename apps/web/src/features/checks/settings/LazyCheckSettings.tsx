import { lazy, Suspense } from 'react';
import { Spinner } from '../../../ui';

// Loaded when the Voice panel first shows its Checks section (docs/PAGE-WEIGHT.md: features/checks/ loads lazily).
const CheckSettingsForm = lazy(() => import('./CheckSettingsForm').then((m) => ({ default: m.CheckSettingsForm })));

/** The author's Checks settings, downloaded the first time they are shown. */
export function LazyCheckSettings() {
  return (
    <Suspense fallback={<Spinner label="Loading check settings" showLabel size="sm" />}>
      <CheckSettingsForm />
    </Suspense>
  );
}
