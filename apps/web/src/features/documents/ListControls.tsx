import type { ListSort } from '@bree/contracts';
import { useId } from 'react';
import { cn } from '../../ui';
import { isVisibleRows, VISIBLE_ROW_OPTIONS } from './visibleRows';
import type { VisibleRows } from './visibleRows';

const SORT_LABELS: Record<ListSort, string> = { date: 'Date', name: 'Name', tag: 'Tag' };

const SELECT =
  'h-10 cursor-pointer rounded-md border border-line-strong bg-surface pr-8 pl-3 text-sm text-ink ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

export interface ListControlsProps {
  search: string;
  onSearch: (value: string) => void;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  rows: VisibleRows;
  onRows: (rows: VisibleRows) => void;
  isMobile: boolean;
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-4" aria-hidden="true">
      <circle cx="9" cy="9" r="5.5" />
      <path d="m13.5 13.5 3.5 3.5" strokeLinecap="round" />
    </svg>
  );
}

/** Search box, sort selector (Date, Name, Tag) and rows-per-page selector (5, 10, 15). */
export function ListControls({ search, onSearch, sort, onSort, rows, onRows, isMobile }: ListControlsProps) {
  const sortId = useId();
  const rowsId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted">
          <SearchIcon />
        </span>
        <input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search documents..."
          maxLength={200}
          aria-label="Search documents"
          className={cn(
            'h-10 w-full rounded-md border border-line-strong bg-surface pr-3 pl-9 text-base text-ink placeholder:text-muted/80 sm:text-sm',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
          )}
        />
      </div>
      <div className="flex items-center gap-3">
        <div className="flex flex-1 items-center gap-2 sm:flex-none">
          <label htmlFor={sortId} className="text-sm whitespace-nowrap text-muted">
            Sort by
          </label>
          <select id={sortId} value={sort} onChange={(e) => onSort(e.target.value as ListSort)} className={cn(SELECT, 'flex-1 sm:flex-none')}>
            {(Object.keys(SORT_LABELS) as ListSort[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={rowsId} className="text-sm whitespace-nowrap text-muted">
            {isMobile ? 'Rows' : 'Rows per page'}
          </label>
          <select
            id={rowsId}
            value={rows}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (isVisibleRows(value)) onRows(value);
            }}
            className={SELECT}
          >
            {VISIBLE_ROW_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
