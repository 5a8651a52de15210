import { ERROR_CODES } from '@bree/contracts';
import type { FileSummary } from '@bree/contracts';
import { hasErrorCode } from '../../lib/errorCodes';
import { bulkDeleteDocuments, deleteDocumentOnce, discardDocument, restoreDocument, restoreDocuments } from './api';
import { BULK_CHUNK, chunks } from './changeContext';
import type { ChangeContext } from './changeContext';
import { BULK_DELETE_RETRY, CHANGE_RETRY, DELETE_RETRY } from './changeQueue';
import { MESSAGES } from './listMessages';

/**
 * The list's changes that go through the Trash (docs/TRASH.md): deleting one or many documents,
 * each delete with its Undo, restoring from the Trash, and discarding an empty new document,
 * the one removal that skips the Trash.
 */
export function createTrashChanges(ctx: ChangeContext) {
  const { apiOnce, tenantId, overlay, notify, newId, paths, pathOf, retrying, enqueue, showChange, refresh, recordCreated } = ctx;

  /** Lifts the delete tombstones (single or bulk) of files back from the Trash: they would hide them for the rest of their 30 s. */
  const liftTombstones = (ids: ReadonlySet<string>) => {
    for (const e of overlay.entries()) if (ids.has(e.fileId) && e.patch.kind === 'delete') overlay.remove(e.id, e.fileId);
  };

  const changes = {
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
        console.warn('[documents] delete failed', error);
        change.rollback();
        notify.error(MESSAGES.deleteFailed);
        refresh();
        return false;
      }
    },

    /**
     * Deletes many files in parallel bulk calls, each retried once; failed ones come back. When all
     * went, '{n} file(s) deleted' offers Undo, as a single delete does: it restores the whole batch.
     */
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
          console.warn('[documents] bulk delete failed', result.reason);
          change.rollback();
          failed.push(...batch.map((f) => f.id));
        }
      });
      if (failed.length === 0) {
        const undo = { label: MESSAGES.undo, ariaLabel: MESSAGES.undoBulkDelete(deleted.length), run: () => void changes.restoreMany(files) };
        notify.success(MESSAGES.bulkDeleted(deleted.length), { action: undo });
      } else notify.error(MESSAGES.bulkDeleteFailed(failed.length, files.length));
      // Failed rows come back as the server has them; names that looked like a deleted one lose their hint.
      refresh();
      return { deleted, failed };
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
        liftTombstones(new Set([file.id]));
        recordCreated(restored);
        notify.success(MESSAGES.restored(restored.displayName));
        return restored;
      } catch (error) {
        console.warn('[documents] restore failed', error);
        notify.error(MESSAGES.restoreFailed);
        refresh();
        return null;
      }
    },

    /** The Undo of a bulk delete: the batch back from the Trash, one request per 500; answers those restored. */
    async restoreMany(files: readonly Pick<FileSummary, 'id'>[]): Promise<FileSummary[]> {
      const ids = files.map((f) => f.id);
      const results = await Promise.allSettled(
        chunks(ids, BULK_CHUNK).map((batch) => {
          const changeId = newId();
          return enqueue(changeId, batch, () => retrying(CHANGE_RETRY, () => restoreDocuments(apiOnce, { fileIds: batch, operationId: changeId })));
        }),
      );
      const restored = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.restored : []));
      results.forEach((r) => r.status === 'rejected' && console.warn('[documents] bulk restore failed', r.reason));
      for (const file of restored) paths.set(file.id, file.filePath);
      liftTombstones(new Set(restored.map((f) => f.id)));
      // Shown at once, as recordCreated does, under one entry id and with one reload for the batch.
      const shownId = newId();
      for (const file of restored) overlay.add({ id: shownId, fileId: file.id, patch: { kind: 'create', file } });
      overlay.confirm(shownId);
      if (restored.length === ids.length) notify.success(MESSAGES.bulkRestored(restored.length));
      else notify.error(MESSAGES.bulkRestoreFailed(ids.length - restored.length, ids.length));
      refresh();
      return restored;
    },

    /**
     * Discards a new document left empty (docs/TRASH.md "An empty new document is not kept"): gone
     * from the list at once, never to the Trash, with no message. The server keeps one that holds or
     * held text (`document_not_empty`): then it simply shows again. Resolves true when it is gone.
     */
    async discardEmpty(file: FileSummary): Promise<boolean> {
      const changeId = newId();
      const change = showChange(changeId, [file], { kind: 'delete' }, () => null);
      try {
        await enqueue(changeId, [file.id], () => retrying(CHANGE_RETRY, () => discardDocument(apiOnce, { fileId: file.id, operationId: changeId })));
      } catch (error) {
        // Gone already (discarded from another tab, deleted): what was asked.
        if (!hasErrorCode(error, ERROR_CODES.fileNotFound)) {
          if (!hasErrorCode(error, ERROR_CODES.documentNotEmpty)) console.warn('[documents] discard failed', error);
          change.rollback();
          refresh();
          return false;
        }
      }
      change.confirm();
      // Its creation's entry would add it back to the list for the rest of its 30 s.
      for (const e of overlay.entries()) if (e.fileId === file.id && e.patch.kind === 'create') overlay.remove(e.id, e.fileId);
      refresh();
      return true;
    },
  };
  return changes;
}
