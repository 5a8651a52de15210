import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { normalizeFileName } from '@bree/contracts';
import type { Authenticity, FileSummary } from '@bree/contracts';
import { ulid } from 'ulid';
import { singleTry } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import type { Notifier } from '../../lib/toast';
import {
  bulkDeleteDocuments,
  bulkTagDocuments,
  claimBlankDocument,
  copyDocument,
  deleteDocumentOnce,
  documentKeys,
  isTransientFailure,
  renameDocument,
  restoreDocument,
  tagDocument,
} from './api';
import { captureFiles, patchFiles, restoreFiles } from './cachePatch';
import type { CapturedFile, DocumentsCache } from './cachePatch';
import { BULK_DELETE_RETRY, DELETE_RETRY, CHANGE_RETRY, NO_RETRY, withRetry } from './changeQueue';
import type { ChangeQueue, RetryDeps, RetryPolicy } from './changeQueue';
import type { OverlayPatch, OverlayStore } from './overlay';
import type { TagGuard } from './tagGuard';

/** The messages the list shows (docs/PRODUCT.md#documents). */
export const MESSAGES = {
  createFailed: 'Failed to create document. Please try again.',
  renamed: 'File renamed successfully',
  renameFailed: 'Failed to rename file',
  deleted: 'File deleted',
  undo: 'Undo',
  undoDelete: (name: string) => `Undo deleting ${name}`,
  deleteFailed: 'Failed to delete file',
  restored: (name: string) => `“${name}” restored`,
  restoreFailed: 'Failed to restore document',
  bulkDeleted: (n: number) => `${n} file(s) deleted`,
  bulkDeleteFailed: (n: number, total: number) => `Failed to delete ${n} of ${total} file(s)`,
  updateFailed: 'Update failed',
  copyFailed: 'Failed to copy document',
} as const;

/** Bulk endpoints take at most 500 ids per call. */
const BULK_CHUNK = 500;

export interface ListChangesDeps {
  api: ApiClient;
  queryClient: QueryClient;
  tenantId: string;
  overlay: OverlayStore;
  queue: ChangeQueue;
  tagGuard: TagGuard;
  notify: Pick<Notifier, 'success' | 'error'>;
  newId?: () => string;
  retry?: Omit<RetryDeps, 'shouldRetry'>;
}

export type ListChanges = ReturnType<typeof createListChanges>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The new path of a rename: same folder, trimmed name ending in .txt. */
export function renamedPath(file: FileSummary, input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed === file.displayName) return null;
  const name = normalizeFileName(trimmed);
  if (name === file.name) return null;
  const slash = file.filePath.lastIndexOf('/');
  return slash >= 0 ? `${file.filePath.slice(0, slash + 1)}${name}` : name;
}

/**
 * The list's changes (docs/PRODUCT.md#documents): each change shows at once (overlay + cached
 * list), its server call runs through the shared queue after earlier changes to the same file
 * settle, and a failure rolls the change back and says so. A change's id is its request's
 * X-Operation-Id, so a retried call is answered once.
 */
export function createListChanges(deps: ListChangesDeps) {
  const { api, queryClient, tenantId, overlay, queue, tagGuard, notify } = deps;
  const newId = deps.newId ?? (() => ulid());
  const allKey = documentKeys.all(tenantId);
  /** Paths learnt from renames, so a later queued call for the file uses the path the server now has. */
  const paths = new Map<string, string>();
  /** Changes in flight per file: later changes to the file depend on them. */
  const perFile = new Map<string, Set<string>>();

  const pathOf = (file: FileSummary) => paths.get(file.id) ?? file.filePath;
  const retrying = <T>(policy: RetryPolicy, task: () => Promise<T>) => withRetry(task, policy, { ...deps.retry, shouldRetry: isTransientFailure });
  // Calls retried under a policy above go out once each: the API client's own retry would multiply the tries.
  const apiOnce = singleTry(api);

  /** Runs a server call in the queue after the files' earlier changes. */
  function enqueue<T>(id: string, fileIds: readonly string[], task: () => Promise<T>): Promise<T> {
    const dependencies = fileIds.flatMap((f) => [...(perFile.get(f) ?? [])]);
    for (const f of fileIds) perFile.set(f, new Set([...(perFile.get(f) ?? []), id]));
    const done = () => fileIds.forEach((f) => perFile.get(f)?.delete(id));
    const run = queue.run({ id, dependencies, task });
    run.then(done, done);
    return run;
  }

  /** Applies a change to every cached documents query; returns its rollback. */
  function patchCache(ids: ReadonlySet<string>, patch: (file: FileSummary) => FileSummary | null): () => void {
    const captured: Array<[QueryKey, CapturedFile[]]> = queryClient
      .getQueriesData<DocumentsCache>({ queryKey: allKey })
      .map(([key, data]) => [key, captureFiles(data, ids)]);
    queryClient.setQueriesData<DocumentsCache>({ queryKey: allKey }, (old) => (old ? patchFiles(old, ids, patch) : old));
    return () => {
      for (const [key, files] of captured) queryClient.setQueryData<DocumentsCache>(key, (old) => (old ? restoreFiles(old, files) : old));
    };
  }

  /** Shows a change at once: an overlay entry per file plus the cached lists. */
  function showChange(changeId: string, files: readonly FileSummary[], patch: OverlayPatch, cachePatch: (f: FileSummary) => FileSummary | null) {
    for (const f of files) overlay.add({ id: changeId, fileId: f.id, patch });
    const rollbackCache = patchCache(new Set(files.map((f) => f.id)), cachePatch);
    return {
      confirm: () => overlay.confirm(changeId),
      rollback: () => {
        overlay.remove(changeId);
        rollbackCache();
      },
    };
  }

  const refresh = () => void queryClient.invalidateQueries({ queryKey: allKey });

  function recordCreated(file: FileSummary) {
    const changeId = newId();
    overlay.add({ id: changeId, fileId: file.id, patch: { kind: 'create', file } });
    overlay.confirm(changeId);
    refresh();
  }

  const changes = {
    /** Claims a blank Untitled.txt; resolves to the new file, or null after telling the user it failed. */
    async create(): Promise<FileSummary | null> {
      const changeId = newId();
      try {
        const file = await enqueue(changeId, [], () => retrying(NO_RETRY, () => claimBlankDocument(api, changeId)));
        recordCreated(file);
        return file;
      } catch (error) {
        console.error('[documents] create failed', error);
        notify.error(MESSAGES.createFailed);
        return null;
      }
    },

    /** Renames to `input` (trimmed, .txt appended); blank or unchanged names are ignored. */
    async rename(file: FileSummary, input: string): Promise<boolean> {
      const target = renamedPath(file, input);
      if (!target) return false;
      const changeId = newId();
      const name = target.split('/').pop() ?? target;
      const change = showChange(changeId, [file], { kind: 'rename', name, filePath: target }, (f) => ({
        ...f,
        name,
        displayName: name.replace(/\.txt$/i, ''),
        filePath: target,
      }));
      try {
        const updated = await enqueue(changeId, [file.id], () =>
          retrying(CHANGE_RETRY, () => renameDocument(apiOnce, { oldFilePath: pathOf(file), newFilePath: target, operationId: changeId })),
        );
        paths.set(file.id, updated.filePath);
        change.confirm();
        patchCache(new Set([file.id]), (f) => ({ ...f, ...updated }));
        notify.success(MESSAGES.renamed);
        refresh(); // The new name may sort elsewhere.
        return true;
      } catch (error) {
        console.error('[documents] rename failed', error);
        change.rollback();
        notify.error(MESSAGES.renameFailed);
        refresh();
        return false;
      }
    },

    /**
     * Deletes one file (the caller has asked first): gone at once, back if the server refuses.
     * The server keeps it in the Trash, so 'File deleted' offers Undo.
     */
    async remove(file: FileSummary): Promise<boolean> {
      const changeId = newId();
      const change = showChange(changeId, [file], { kind: 'delete' }, () => null);
      try {
        await enqueue(changeId, [file.id], () =>
          retrying(DELETE_RETRY, () => deleteDocumentOnce(apiOnce, { tenantId, filePath: pathOf(file), operationId: changeId })),
        );
        change.confirm();
        refresh(); // A name that looked like this one's no longer has a twin to be told apart from.
        const undo = { label: MESSAGES.undo, ariaLabel: MESSAGES.undoDelete(file.displayName), run: () => void changes.restore(file) };
        notify.success(MESSAGES.deleted, { action: undo });
        return true;
      } catch (error) {
        console.error('[documents] delete failed', error);
        change.rollback();
        notify.error(MESSAGES.deleteFailed);
        refresh();
        return false;
      }
    },

    /** Deletes many files in parallel bulk calls, each retried once; failed ones come back. */
    async removeMany(files: readonly FileSummary[]): Promise<{ deleted: string[]; failed: string[] }> {
      const batches = chunks(files, BULK_CHUNK).map((batch) => {
        const changeId = newId();
        return { changeId, batch, change: showChange(changeId, batch, { kind: 'delete' }, () => null) };
      });
      const results = await Promise.allSettled(
        batches.map(({ changeId, batch }) =>
          enqueue(
            changeId,
            batch.map((f) => f.id),
            () => retrying(BULK_DELETE_RETRY, () => bulkDeleteDocuments(apiOnce, { fileIds: batch.map((f) => f.id), operationId: changeId })),
          ),
        ),
      );
      const deleted: string[] = [];
      const failed: string[] = [];
      results.forEach((result, i) => {
        const { batch, change } = batches[i]!;
        if (result.status === 'fulfilled') {
          change.confirm();
          deleted.push(...batch.map((f) => f.id));
        } else {
          console.error('[documents] bulk delete failed', result.reason);
          change.rollback();
          failed.push(...batch.map((f) => f.id));
        }
      });
      if (failed.length === 0) notify.success(MESSAGES.bulkDeleted(deleted.length));
      else notify.error(MESSAGES.bulkDeleteFailed(failed.length, files.length));
      // Failed rows come back as the server has them; names that looked like a deleted one lose their hint.
      refresh();
      return { deleted, failed };
    },

    /** Sets one file's tag; ignored while a tag update for it runs and for 500 ms after. */
    async setTag(file: FileSummary, authenticity: Authenticity): Promise<boolean> {
      if ((file.metadata.authenticity ?? 'Untagged') === authenticity) return false;
      if (!tagGuard.tryBegin(file.id)) return false;
      const changeId = newId();
      const change = showChange(changeId, [file], { kind: 'metadata', metadata: { authenticity } }, (f) => ({
        ...f,
        metadata: { ...f.metadata, authenticity },
      }));
      try {
        const updated = await enqueue(changeId, [file.id], () =>
          retrying(CHANGE_RETRY, () => tagDocument(apiOnce, { tenantId, filePath: pathOf(file), authenticity, operationId: changeId })),
        );
        change.confirm();
        patchCache(new Set([file.id]), (f) => ({ ...f, ...updated }));
        return true;
      } catch (error) {
        console.error('[documents] tag update failed', error);
        change.rollback();
        notify.error(MESSAGES.updateFailed);
        return false;
      } finally {
        tagGuard.end(file.id);
      }
    },

    /** Sets one tag on many files; files with a tag update under way are left out. */
    async setTagMany(files: readonly FileSummary[], authenticity: Authenticity): Promise<number> {
      const eligible = files.filter((f) => tagGuard.tryBegin(f.id));
      if (eligible.length === 0) return 0;
      const changeId = newId();
      const change = showChange(changeId, eligible, { kind: 'metadata', metadata: { authenticity } }, (f) => ({
        ...f,
        metadata: { ...f.metadata, authenticity },
      }));
      const ids = eligible.map((f) => f.id);
      try {
        await enqueue(changeId, ids, () =>
          Promise.all(
            chunks(ids, BULK_CHUNK).map((batch) =>
              retrying(CHANGE_RETRY, () => bulkTagDocuments(apiOnce, { fileIds: batch, authenticity, operationId: changeId })),
            ),
          ),
        );
        change.confirm();
        notify.success(`${eligible.length} document(s) tagged ${authenticity}`);
        return eligible.length;
      } catch (error) {
        console.error('[documents] bulk tag failed', error);
        change.rollback();
        notify.error(MESSAGES.updateFailed);
        return 0;
      } finally {
        ids.forEach((id) => tagGuard.end(id));
      }
    },

    /**
     * Brings a file back from the Trash ('File deleted' → Undo, or the Trash view): it shows in the
     * list at once, under the name the server gave it (a taken name gets " 2").
     */
    async restore(file: Pick<FileSummary, 'id' | 'displayName'>): Promise<FileSummary | null> {
      const changeId = newId();
      try {
        const restored = await enqueue(changeId, [file.id], () =>
          retrying(CHANGE_RETRY, () => restoreDocument(apiOnce, { fileId: file.id, operationId: changeId })),
        );
        paths.set(restored.id, restored.filePath);
        // Its delete's tombstone (single or bulk) would hide it for the rest of its 30 s.
        for (const e of overlay.entries()) if (e.fileId === file.id && e.patch.kind === 'delete') overlay.remove(e.id, file.id);
        recordCreated(restored);
        notify.success(MESSAGES.restored(restored.displayName));
        return restored;
      } catch (error) {
        console.error('[documents] restore failed', error);
        notify.error(MESSAGES.restoreFailed);
        refresh();
        return null;
      }
    },

    /** Copies a file as "{name} (copy)"; the copy shows in the list at once. */
    async copy(file: FileSummary): Promise<FileSummary | null> {
      const changeId = newId();
      try {
        const copy = await enqueue(changeId, [file.id], () => retrying(NO_RETRY, () => copyDocument(api, { fileId: file.id, operationId: changeId })));
        recordCreated(copy);
        notify.success(`Copied as “${copy.displayName}”`);
        return copy;
      } catch (error) {
        console.error('[documents] copy failed', error);
        notify.error(MESSAGES.copyFailed);
        return null;
      }
    },
  };
  return changes;
}
