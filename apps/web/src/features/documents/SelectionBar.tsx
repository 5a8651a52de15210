import type { Authenticity } from '@bree/contracts';
import { Button } from '../../ui';
import { BulkTagMenu } from './TagMenu';

export interface SelectionBarProps {
  count: number;
  allSelected: boolean;
  isMobile: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onDelete: () => void;
  onTag: (tag: Authenticity) => void;
}

/** '1 file selected' / 'N files selected' with Select All / Deselect All (All / Clear on mobile), Tag and Delete. */
export function SelectionBar({ count, allSelected, isMobile, onSelectAll, onDeselectAll, onDelete, onTag }: SelectionBarProps) {
  return (
    <div role="toolbar" aria-label="Selected documents" className="flex w-full flex-wrap items-center gap-x-2 gap-y-1.5">
      <p aria-live="polite" className="mr-1 text-sm font-medium text-ink">
        {count === 1 ? '1 file selected' : `${count} files selected`}
      </p>
      <Button variant="ghost" size="sm" onClick={onSelectAll} disabled={allSelected}>
        {isMobile ? 'All' : 'Select All'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDeselectAll}>
        {isMobile ? 'Clear' : 'Deselect All'}
      </Button>
      <div className="ml-auto flex items-center gap-2">
        <BulkTagMenu
          onSelect={onTag}
          trigger={
            <Button variant="secondary" size="sm">
              Tag <span aria-hidden="true">▾</span>
            </Button>
          }
        />
        <Button variant="danger" size="sm" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
}
