import { FILES, type ContentUpdateAnswer, type DocContent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { createVersionsRepository } from '../versions/versions.repository';
import { prepareContent } from './files.content';
import { filesErrors } from './files.errors';
import { createFilesRepository } from './files.repository';

export interface SaveInput {
  tenantId: string;
  fileId: string;
  content: DocContent;
  baseRevision: number;
  operationId: string;
  source: string;
}

/**
 * Saves never lose data: a save names the revision it was based on and applies only if that
 * is still current (else 409 with the server's text); the same operationId is answered again
 * from memory without a second write; blank content is not saved.
 */
export function createSaveService({ db, now = () => new Date(), newId }: { db: Db; now?: () => Date; newId: () => string }) {
  return {
    async saveContent(input: SaveInput): Promise<ContentUpdateAnswer> {
      const { tenantId, operationId } = input;
      const replay = await createFilesRepository({ db }).findOperation({ tenantId, operationId });
      if (replay) return replay.answer as ContentUpdateAnswer;

      const prepared = prepareContent(input.content);
      return db.transaction(async (tx) => {
        const repo = createFilesRepository({ db: tx });
        const current = await repo.findById({ tenantId, id: input.fileId });
        if (!current) throw filesErrors.notFound(`with id ${input.fileId}`);
        if (prepared.text.trim() === '') {
          // Blank content is never written over a document (1-core §5); the answer says so.
          return { success: true, saved: false, reason: 'blank_content', contentSize: 0, operationId, revision: current.revision, lastModified: current.updatedAt.toISOString() } satisfies ContentUpdateAnswer;
        }
        const at = now();
        const updated = await repo.updateContentIfRevision({ tenantId, id: input.fileId, baseRevision: input.baseRevision, content: prepared.doc, contentText: prepared.text, contentSize: prepared.size, wordCount: prepared.wordCount, now: at });
        if (!updated) {
          const again = await repo.findOperation({ tenantId, operationId });
          if (again) return again.answer as ContentUpdateAnswer;
          throw filesErrors.revisionConflict({ currentRevision: current.revision, content: current.content, lastModified: current.updatedAt.toISOString() });
        }
        // A version at most every 5 minutes while editing.
        if (!current.lastVersionAt || at.getTime() - current.lastVersionAt.getTime() >= FILES.versionIntervalMs) {
          await createVersionsRepository({ db: tx }).insert({ id: newId(), tenantId, fileId: updated.id, revision: updated.revision, reason: 'autosave', content: prepared.doc, contentText: prepared.text, wordCount: prepared.wordCount, createdAt: at });
          await repo.update({ tenantId, id: updated.id, set: { lastVersionAt: at } });
        }
        const answer: ContentUpdateAnswer = { success: true, saved: true, contentSize: prepared.size, operationId, revision: updated.revision, lastModified: updated.updatedAt.toISOString() };
        await repo.saveOperation({ tenantId, operationId, fileId: updated.id, answer, now: at });
        return answer;
      });
    },
  };
}
export type SaveService = ReturnType<typeof createSaveService>;
