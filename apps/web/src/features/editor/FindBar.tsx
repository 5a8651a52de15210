import { lazyPart } from '../../lib/lazy/lazyPart';
import { Spinner } from '../../ui';
import type { FindBarProps } from './FindPanel';

/** The bar itself (FindPanel.tsx): fetched at the first Ctrl/Cmd+F or toolbar Find, which it then opens (docs/PAGE-WEIGHT.md). */
const FindPanel = lazyPart<FindBarProps>(
  'Find',
  () => import('./FindPanel').then((m) => m.FindPanel),
  () => (
    <div className="sticky top-0 z-20 border-b border-line bg-surface px-4 py-2">
      <Spinner label="Loading find" showLabel size="sm" />
    </div>
  ),
);

/** Find and replace inside the document (Ctrl/Cmd+F while writing): nothing while closed. */
export function FindBar(props: FindBarProps) {
  if (props.request === 0) return null;
  return <FindPanel {...props} />;
}
