import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FileSummary } from '@bree/contracts';
import { ulid } from 'ulid';
import { singleTry } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import type { Notifier } from '../../lib/toast';
import { documentKeys, isTransientFailure } from './api';
import { captureFiles, patchFiles, restoreFiles } from './cachePatch';
import type { CapturedFile, DocumentsCache } from './cachePatch';
import { withRetry } from './changeQueue';
import type { ChangeQueue, RetryDeps, RetryPolicy } from './changeQueue';
import type { OverlayPatch, OverlayStore } from './overlay';
import type { TagGuard } from './tagGuard';

/** Bulk endpoints take at most 500 ids per call. */
export const BULK_CHUNK = 500;

/** `items` in runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

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

/** What every list change is made of (listChanges.ts, trashChanges.ts): one per tenant, shared by them. */
export type ChangeContext = ReturnType<typeof createChangeContext>;

/**
 * The machinery of the list's changes (docs/PRODUCT.md#documents): a change shows at once
 * (overlay + cached lists), its server call runs through the shared queue after earlier changes
 * to the same files, under its retry rule, and a failure rolls it back.
 */
export function createChangeContext(deps: ListChangesDeps) {
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

  return { api, apiOnce, tenantId, overlay, tagGuard, notify, newId, paths, pathOf, retrying, enqueue, patchCache, showChange, refresh, recordCreated };
}
