import { CLAIM_STATUS, displayName, isDefaultFileName, type ContentWriteSource, type SavedName } from '@bree/contracts';
import { nameFromText, type DocJSON } from '@bree/editor';
import type { Db } from '../../db/db';
import { baseName, derivedPath, uniquePath, uniqueStem } from './files.paths';
import { createFilesRepository, isUniqueViolation } from './files.repository';

/**
 * Saves made while the writer may still be typing the first line: an unfinished first line
 * ("The quick br") does not name the document yet. Every other save (leaving the document,
 * an offline copy sent later, keeping my version in a conflict) names it after the line as it is.
 */
const WHILE_TYPING: ReadonlySet<ContentWriteSource> = new Set(['autosave', 'ai']);

/** How often a name is tried again when another document takes the free path first. */
const TRIES = 5;

/**
 * The one owner of "an Untitled document takes its first line as its name" (docs/PRODUCT.md#saving: a new
 * file named Untitled is not saved until text is added; claim-blank marks it 'claimed').
 *
 * Server-side, in the save path, because every save reaches it — the editor's autosave, the
 * app-wide offline flush and the service worker's Background Sync with no tab open — and
 * because "once" needs one durable, race-free flag: metadata.status goes from 'claimed' to
 * 'named' in the same statement that moves the path, so two tabs or two saves never name a
 * document twice, and a rename by the writer (which also settles the claim) is never undone:
 * a document the writer named 'Untitled' themselves stays 'Untitled'.
 */
export function createDocumentNamer({ db }: { db: Db }) {
  const repo = createFilesRepository({ db });

  return {
    /**
     * After a save of a claimed document: gives it the name of its first line (sanitised,
     * unique in its folder, at most AUTO_NAME_MAX_LENGTH characters) when the line is finished
     * or the save is not made while typing. Answers the new name, or null when it keeps its own.
     */
    async nameFromContent(q: { tenantId: string; fileId: string; doc: DocJSON; source: ContentWriteSource; saveKey?: string }): Promise<SavedName | null> {
      const row = await repo.findById({ tenantId: q.tenantId, id: q.fileId });
      if (!row || row.metadata.status !== CLAIM_STATUS.claimed) return null;
      if (!isDefaultFileName(row.name)) {
        // Claimed under a name of the writer's choosing: that name stays.
        await repo.settleClaim({ tenantId: q.tenantId, id: q.fileId });
        return null;
      }
      const fromText = nameFromText(q.doc);
      if (!fromText || (!fromText.settled && WHILE_TYPING.has(q.source))) return null;
      const slash = row.path.lastIndexOf('/');
      const folder = slash >= 0 ? row.path.slice(0, slash + 1) : '';
      // Cleaned and cut to fit like every name Bree makes (a folder kept from a longer stored path included).
      const wanted = derivedPath(`${folder}${fromText.name}.txt`);
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const taken = await repo.pathsLike({ tenantId: q.tenantId, stem: uniqueStem(wanted) });
        taken.delete(row.path);
        const path = uniquePath(wanted, taken);
        const named: SavedName = { name: baseName(path), displayName: displayName(path), filePath: path };
        try {
          const moved = await repo.nameClaimed({
            tenantId: q.tenantId,
            id: q.fileId,
            fromPath: row.path,
            path,
            name: named.name,
            saveKey: q.saveKey,
            named,
          });
          return moved ? named : null;
        } catch (error) {
          // Another document took the path between the look and the move: look again.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return null;
    },
  };
}
export type DocumentNamer = ReturnType<typeof createDocumentNamer>;
