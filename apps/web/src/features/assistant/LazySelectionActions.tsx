import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import { loadWithRetry } from '../../lib/lazy/retryImport';
import type { SelectionActions as Loaded } from './SelectionActions';

const Actions = lazy(() => loadWithRetry(() => import('./SelectionActions')).then((m) => ({ default: m.SelectionActions })));

/**
 * The actions over a selection (and the bubble menu under them, with its positioning library):
 * fetched just after the editor shows, so the editor's first load carries none of it
 * (docs/PAGE-WEIGHT.md). Nothing is selected yet when the text first shows.
 */
export function SelectionActions(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Actions {...props} />
    </Suspense>
  );
}
