import type { Authenticity, FileSummary, ListSort } from '@bree/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import { Button, buttonClasses, useIsMobile } from '../../ui';
import { NetworkPill } from '../network';
import { documentKeys } from './api';
import { DocumentListBody } from './DocumentListBody';
import type { RowAction } from './DocumentRow';
import { EmptyState } from './EmptyState';
import { FILE_LIST_CHANGED_EVENT, isFileListChangeFor } from './events';
import { useDebouncedValue, useNow, useVisibleRows } from './hooks';
import { ListControls } from './ListControls';
import { SearchButton } from '../search';
import { confirmDelete, dismissAsk, askRename } from './asks';
import { documentsRuntime } from './runtime';
import { SelectionBar } from './SelectionBar';
import { useDocumentList } from './useDocumentList';
import { useFileDrag } from './useFileDrag';
import { useFileTransfers } from '../files';
import { NEW_DOCUMENT_STATE } from '../editor/newDocument';
import { cancelTypeAhead, startTypeAhead } from '../editor/typeAhead';
import { ImportChooserDialog, UploadDialog } from '../import';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useNewDocumentShortcut } from './useNewDocumentShortcut';
import { ConvertDialog, useConvertWorkspace } from '../workspaces';
import { useCopyFromShare } from '../sharing';
import { SharedWithMe } from '../people/SharedWithMe';

/** How long the search box waits for typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

function TrashIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
      <path d="M4 6h12M8 6V4h4v2M6 6l.8 10h6.4L14 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Under the rows: how many rows are loaded, and a hint when scrolling loads more. */
function ListFooter({ count, searching, hasMore }: { count: number; searching: boolean; hasMore: boolean }) {
  if (count === 0) return null;
  const noun = searching ? (count === 1 ? 'result' : 'results') : count === 1 ? 'document' : 'documents';
  return (
    <p className="border-t border-line bg-cream/40 px-4 py-2 text-xs text-muted">
      {count} {noun}
      {hasMore ? ' loaded · scroll for more' : ''}
    </p>
  );
}

/** The document list of /app (docs/PRODUCT.md#documents): header, controls, paged rows, selection, changes. */
export function DocumentsPage({ tenantId }: { tenantId: string }) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const now = useNow();
  const { overlay, changes } = useMemo(() => documentsRuntime({ tenantId, api, queryClient }), [tenantId, api, queryClient]);

  const [rows, setRows] = useVisibleRows(tenantId, isMobile);
  const [sort, setSort] = useState<ListSort>('date');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useDocumentList({ tenantId, sort, visibleRows: rows, query, overlay });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [importOpen, setImportOpen] = useState(false);
  const transfers = useFileTransfers();
  const { convert } = useConvertWorkspace(tenantId);
  const [converting, setConverting] = useState<FileSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const listEndRef = useRef<HTMLDivElement>(null);
  // Files dropped on the list go straight to the upload dialog, which shows each file's result.
  const [dropped, setDropped] = useState<File[] | null>(null);
  const drag = useFileDrag(setDropped);

  useInfiniteScroll({ ref: listEndRef, hasMore: list.hasMore, busy: list.isFetchingMore, loadMore: list.loadMore, rows: list.items.length });

  // Only rows on screen count as selected: a search or a delete never leaves hidden files selected.
  const selected = useMemo(() => list.items.filter((f) => selectedIds.has(f.id)), [list.items, selectedIds]);
  const deselect = useCallback((ids: readonly string[]) => setSelectedIds((prev) => new Set([...prev].filter((id) => !ids.includes(id)))), []);

  useEffect(() => {
    const onChange = (event: Event) => {
      if (isFileListChangeFor(event, tenantId)) void queryClient.invalidateQueries({ queryKey: documentKeys.all(tenantId) });
    };
    window.addEventListener(FILE_LIST_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(FILE_LIST_CHANGED_EVENT, onChange);
  }, [queryClient, tenantId]);
  useEffect(() => dismissAsk, []);

  const create = useCallback(async () => {
    setCreating(true);
    startTypeAhead();
    const file = await changes.create();
    setCreating(false);
    if (file) void navigate(`/app/${file.id}`, { state: NEW_DOCUMENT_STATE });
    else cancelTypeAhead();
  }, [navigate, changes]);
  useNewDocumentShortcut(create);
  const refreshList = useCallback(() => void queryClient.invalidateQueries({ queryKey: documentKeys.all(tenantId) }), [queryClient, tenantId]);
  useCopyFromShare(refreshList);

  const toggle = useCallback((file: FileSummary) => {
    setSelectedIds((prev) => {
      const next = new Set(prev);
      if (next.has(file.id)) next.delete(file.id);
      else next.add(file.id);
      return next;
    });
  }, []);

  const tag = useCallback((file: FileSummary, value: Authenticity) => void changes.setTag(file, value), [changes]);

  const act = useCallback(
    async (file: FileSummary, action: RowAction) => {
      if (action === 'rename') {
        const name = await askRename(file.displayName);
        if (name !== null) await changes.rename(file, name);
      } else if (action === 'delete') {
        if (await confirmDelete(file.displayName)) {
          deselect([file.id]);
          await changes.remove(file);
        }
      } else if (action === 'copy') {
        await changes.copy(file);
      } else if (action === 'repository') {
        await transfers.moveToRepository({ tenantId, filePath: file.filePath, displayName: file.displayName }, !file.isRepository);
      } else if (typeof action === 'object') {
        await transfers.download({ tenantId, filePath: file.filePath, displayName: file.displayName }, action.download);
      } else {
        // The kind is chosen in a dialog; the row becomes the master, with its variant count, once ready.
        setConverting(file);
      }
    },
    [deselect, changes, tenantId, transfers],
  );
  const onAction = useCallback((file: FileSummary, action: RowAction) => void act(file, action), [act]);

  const deleteSelected = async () => {
    const files = selected;
    if (files.length === 0) return;
    const label = files.length === 1 ? (files[0]?.displayName ?? '') : `${files.length} documents`;
    if (!(await confirmDelete(label))) return;
    const { deleted } = await changes.removeMany(files);
    deselect(deleted);
  };

  const clearSearch = () => setSearch('');

  return (
    <div {...drag.handlers} className="relative">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <h1 className="font-serif text-2xl font-semibold tracking-tight text-ink">Documents</h1>
          <NetworkPill />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button className="flex-1 max-sm:px-3 sm:flex-none" onClick={() => void create()} loading={creating}>
            Create new document
          </Button>
          <Button variant="secondary" className="flex-1 max-sm:px-3 sm:flex-none" onClick={() => setImportOpen(true)}>
            Import content
          </Button>
          {/* Last, so the keyboard still reaches 'Create new document' first. */}
          <SearchButton className="max-sm:w-full max-sm:px-3" />
        </div>
      </header>

      <div className="mt-6 sm:mt-8">
        {list.isEmpty ? (
          <EmptyState onCreate={() => void create()} onImport={() => setImportOpen(true)} creating={creating} />
        ) : (
          <div className="flex flex-col gap-4">
            <ListControls search={search} onSearch={setSearch} sort={sort} onSort={setSort} rows={rows} onRows={setRows} isMobile={isMobile} />
            {/* overflow-clip, not -hidden: the column header (and the selection bar) can stick under the app header as the window scrolls. */}
            <section aria-label="Document list" className="overflow-clip rounded-xl border border-line bg-surface shadow-card">
              <div className="sticky top-14 z-10 flex min-h-12 items-center border-b border-line bg-cream px-3 py-1.5 sm:px-4">
                {selected.length > 0 ? (
                  <SelectionBar
                    count={selected.length}
                    allSelected={selected.length === list.items.length}
                    isMobile={isMobile}
                    onSelectAll={() => setSelectedIds(new Set(list.items.map((f) => f.id)))}
                    onDeselectAll={() => setSelectedIds(new Set())}
                    onDelete={() => void deleteSelected()}
                    onTag={(value) => void changes.setTagMany(selected, value)}
                  />
                ) : (
                  <div aria-hidden="true" className="flex w-full items-center text-xs font-medium tracking-wide text-muted uppercase">
                    <span className="flex-1 pl-[5.5rem] sm:pl-[6.3rem]">Name</span>
                    <span className="hidden w-52 pr-12 text-right sm:block">Last edited</span>
                  </div>
                )}
              </div>
              {/* The rows grow with the page and the window scrolls: never an inner scroll box, whatever the rows per page. */}
              <div ref={listEndRef}>
                <DocumentListBody
                  list={list}
                  query={query}
                  rows={rows}
                  now={now}
                  selectedIds={selectedIds}
                  onClearSearch={clearSearch}
                  onToggle={toggle}
                  onTag={tag}
                  onAction={onAction}
                />
              </div>
              <ListFooter count={list.items.length} searching={list.isSearching} hasMore={list.hasMore} />
            </section>
          </div>
        )}
        <SharedWithMe />
        <div className="mt-4 flex justify-end">
          <Link to="/app/trash" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <TrashIcon />
            Trash
          </Link>
        </div>
      </div>

      {drag.dragging && (
        <div className="pointer-events-none absolute -inset-3 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-accent-soft/90">
          <p className="font-serif text-xl font-semibold text-accent-strong">Drop files to import</p>
        </div>
      )}
      <ConvertDialog name={converting?.displayName ?? null} onClose={() => setConverting(null)} onStandard={() => converting && void convert(converting.id)} />
      {/* Always mounted: it owns the upload and paste dialogs it opens. */}
      <ImportChooserDialog open={importOpen} onOpenChange={setImportOpen} />
      <UploadDialog open={dropped !== null} onOpenChange={(open) => !open && setDropped(null)} initialFiles={dropped ?? undefined} />
    </div>
  );
}
