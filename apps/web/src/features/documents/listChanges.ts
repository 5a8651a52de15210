import type { Authenticity, FileSummary } from '@bree/contracts';
import { bulkTagDocuments, claimBlankDocument, copyDocument, renameDocument, tagDocument } from './api';
import { BULK_CHUNK, chunks, createChangeContext } from './changeContext';
import type { ListChangesDeps } from './changeContext';
import { CHANGE_RETRY, NO_RETRY } from './changeQueue';
import { MESSAGES } from './listMessages';
import { renamedPath } from './renamedPath';
import { createTrashChanges } from './trashChanges';

export { MESSAGES } from './listMessages';
export type { ListChangesDeps } from './changeContext';
export type ListChanges = ReturnType<typeof createListChanges>;

/**
 * The list's changes (docs/PRODUCT.md#documents): each change shows at once (overlay + cached
 * list), its server call runs through the shared queue after earlier changes to the same file
 * settle, and a failure rolls the change back and says so. A change's id is its request's
 * X-Operation-Id, so a retried call is answered once.
 */
export function createListChanges(deps: ListChangesDeps) {
  const ctx = createChangeContext(deps);
  const { api, apiOnce, tenantId, tagGuard, notify, newId, paths, pathOf, retrying, enqueue, patchCache, showChange, refresh, recordCreated } = ctx;

  const changes = {
    ...createTrashChanges(ctx),

    /** Claims a blank Untitled.txt; resolves to the new file, or null after telling the user it failed. */
    async create(): Promise<FileSummary | null> {
      const changeId = newId();
      try {
        const file = await enqueue(changeId, [], () => retrying(NO_RETRY, () => claimBlankDocument(api, changeId)));
        recordCreated(file);
        return file;
      } catch (error) {
        console.warn('[documents] create failed', error);
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
        console.warn('[documents] rename failed', error);
        change.rollback();
        notify.error(MESSAGES.renameFailed);
        refresh();
        return false;
      }
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
        console.warn('[documents] tag update failed', error);
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
        console.warn('[documents] bulk tag failed', error);
        change.rollback();
        notify.error(MESSAGES.updateFailed);
        return 0;
      } finally {
        ids.forEach((id) => tagGuard.end(id));
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
        console.warn('[documents] copy failed', error);
        notify.error(MESSAGES.copyFailed);
        return null;
      }
    },
  };
  return changes;
}
