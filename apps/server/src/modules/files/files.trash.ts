import { FILES } from '@bree/contracts';
import type { Db } from '../../db/db';
import { filesErrors } from './files.errors';
import { baseName, uniquePath, uniqueStem } from './files.paths';
import { presentSummary, presentTrashed } from './files.presenter';
import { decodeCursor, encodeCursor } from './files.cursor';
import { createFilesRepository } from './files.repository';
import type { DocumentLinks } from './files.trash.queries';

/** How long a deleted document waits in the Trash before the maintenance job deletes it for good. */
export const TRASH_RETENTION_MS = FILES.trashRetentionDays * 24 * 60 * 60 * 1000;

/** How many documents one purge statement deletes (with their versions), so a big backlog never holds one long lock. */
const PURGE_BATCH = 500;

/** A restore that keeps losing its name to concurrent creations gives up after this many tries (then 409). */
const RESTORE_TRIES = 5;

/**
 * The Trash: deleting a document (files.service.ts) only marks it; here it is listed, restored,
 * deleted for good, or purged 30 days after its deletion. A deleted document's name is free for
 * new documents: restoring into a name now taken adds " 2", " 3"… as creating does.
 */
export function createTrashService({ db, now = () => new Date(), links }: { db: Db; now?: () => Date; links?: DocumentLinks }) {
  const repo = createFilesRepository({ db, ...(links ? { links } : {}) });

  /** Brings a document back from the Trash, under a free name; 404 when it is not in the Trash. */
  async function restore({ tenantId, fileId }: { tenantId: string; fileId: string }) {
    let path = '';
    for (let attempt = 0; attempt < RESTORE_TRIES; attempt++) {
      const row = await repo.findTrashed({ tenantId, id: fileId });
      if (!row) throw filesErrors.notFound(`in the Trash with id ${fileId}`);
      path = uniquePath(row.path, await repo.pathsLike({ tenantId, stem: uniqueStem(row.path) }));
      try {
        const restored = await repo.restore({ tenantId, id: fileId, path, name: baseName(path), now: now() });
        if (restored) return presentSummary(restored);
      } catch (error) {
        // A document created under that name in the meantime: look for a free name again.
        if ((error as { code?: string }).code !== '23505') throw error;
      }
    }
    throw filesErrors.pathExists(path);
  }

  return {
    /** A page of the Trash, most recently deleted first. */
    async list({ tenantId, limit, cursor }: { tenantId: string; limit: number; cursor?: string }) {
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) throw filesErrors.invalidPath('the cursor is not one this server gave out.');
      const page = await repo.listTrash({ tenantId, limit, cursor: after });
      const last = page.items.at(-1);
      return {
        items: page.items.map((row) => presentTrashed(row, TRASH_RETENTION_MS)),
        nextCursor: page.hasMore && last ? encodeCursor({ t: false, u: last.deletedAt.toISOString(), i: last.id }) : null,
        hasMore: page.hasMore,
      };
    },

    restore,

    /**
     * The Undo of a bulk delete: brings every id back from the Trash, each under a free name, in
     * the order asked; ids not in the tenant's Trash (another tenant's, live, gone) are notFound.
     */
    async restoreMany({ tenantId, fileIds }: { tenantId: string; fileIds: string[] }) {
      const restored: ReturnType<typeof presentSummary>[] = [];
      const notFound: string[] = [];
      for (const fileId of new Set(fileIds)) {
        try {
          restored.push(await restore({ tenantId, fileId }));
        } catch (error) {
          if ((error as { code?: string }).code !== 'file_not_found') throw error;
          notFound.push(fileId);
        }
      }
      return { restored, notFound };
    },

    /**
     * Removes a new document the writer left empty, for good and without the Trash (it never existed
     * for them; docs/TRASH.md). 404 when it is not a live document of the tenant; 409
     * `document_not_empty` when it holds or ever held text, or the writer named, tagged or changed it.
     */
    async discard({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      if (await repo.discardPristine({ tenantId, id: fileId })) return;
      if (!(await repo.findById({ tenantId, id: fileId }))) throw filesErrors.notFound(`with id ${fileId}`);
      throw filesErrors.notEmpty();
    },

    /** Deletes a document of the Trash for good, with its versions; 404 when it is not in the Trash. */
    async deleteForever({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      if (!(await repo.deleteTrashed({ tenantId, id: fileId }))) throw filesErrors.notFound(`in the Trash with id ${fileId}`);
    },

    /** The maintenance job's part (all tenants): deletes for good what was deleted 30 days ago or more; returns how many. */
    async purge(): Promise<number> {
      const before = new Date(now().getTime() - TRASH_RETENTION_MS);
      let total = 0;
      for (;;) {
        const n = await repo.purgeTrash({ before, limit: PURGE_BATCH });
        total += n;
        if (n < PURGE_BATCH) return total;
      }
    },
  };
}
export type TrashService = ReturnType<typeof createTrashService>;
