import { FILES } from '@bree/contracts';
import type { TrashedFile } from '@bree/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses, Spinner } from '../../ui';
import { useNow } from './hooks';
import { confirmDeleteForever, dismissAsk } from './asks';
import { formatDaysLeft, formatDeletedOn } from './trashDates';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useTrash } from './useTrash';
import { ROW_HEIGHT_PX } from './visibleRows';

const RETENTION_NOTE = `Deleted documents stay here for ${FILES.trashRetentionDays} days, then they are deleted for good.`;

function TrashRow({ file, now, busy, onRestore, onDelete }: { file: TrashedFile; now: Date; busy: boolean; onRestore(): void; onDelete(): void }) {
  return (
    <li style={{ minHeight: ROW_HEIGHT_PX }} className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-3 py-2 last:border-b-0 sm:px-4">
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium text-ink">{file.displayName}</p>
        <p className="text-xs text-muted sm:text-sm">
          {formatDeletedOn(file.deletedAt)} · {formatDaysLeft(file.purgeAt, now)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" aria-label={`Restore ${file.displayName}`} disabled={busy} onClick={onRestore}>
          Restore
        </Button>
        <Button variant="ghost" size="sm" className="text-danger" aria-label={`Delete forever: ${file.displayName}`} disabled={busy} onClick={onDelete}>
          Delete forever
        </Button>
      </div>
    </li>
  );
}

/**
 * The Trash (/app/trash): what was deleted in the last 30 days, newest deletion first, each with
 * its date, the days it has left, Restore and Delete forever (asked first). Paged like the list.
 */
export function TrashPage({ tenantId }: { tenantId: string }) {
  const trash = useTrash(tenantId);
  const now = useNow();
  const endRef = useRef<HTMLDivElement>(null);
  useInfiniteScroll({ ref: endRef, hasMore: trash.hasMore, busy: trash.isFetchingMore, loadMore: trash.loadMore, rows: trash.items.length });
  useEffect(() => dismissAsk, []);

  const deleteForever = async (file: TrashedFile) => {
    if (await confirmDeleteForever(file.displayName)) await trash.deleteForever(file);
  };

  let body;
  if (trash.isLoading) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the Trash" showLabel />
      </div>
    );
  } else if (trash.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-ink-soft">The Trash could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={trash.retry}>
          Try again
        </Button>
      </div>
    );
  } else if (trash.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <p className="font-serif text-lg font-semibold text-ink">The Trash is empty</p>
        <p className="max-w-sm text-sm text-muted">Documents you delete show up here, so you can restore them.</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Deleted documents">
        {trash.items.map((file) => (
          <TrashRow
            key={file.id}
            file={file}
            now={now}
            busy={trash.busy.has(file.id)}
            onRestore={() => void trash.restore(file)}
            onDelete={() => void deleteForever(file)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div>
      <Link to="/app" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
        <span aria-hidden="true">←</span> Documents
      </Link>
      <header className="mt-2">
        <h1 className="font-serif text-2xl font-semibold tracking-tight text-ink">Trash</h1>
        <p className="mt-1 text-sm text-muted">{RETENTION_NOTE}</p>
      </header>
      <section aria-label="Trash" className="mt-6 overflow-hidden rounded-xl border border-line bg-surface shadow-card">
        <div ref={endRef}>{body}</div>
        {trash.isFetchingMore && (
          <div role="status" className="flex items-center justify-center gap-3 border-t border-line py-3 text-sm text-muted">
            <Spinner size="sm" label="Loading more" showLabel />
          </div>
        )}
      </section>
    </div>
  );
}
