import type { ContentUpdateAnswer, DocContent, SaveSourceName } from '@bree/contracts';
import type { Db } from '../../db/db';
import { prepareContent } from './files.content';
import { createContentWriter } from './files.content-write';
import { filesErrors } from './files.errors';
import { createFilesRepository } from './files.repository';

export interface SaveInput {
  tenantId: string;
  fileId: string;
  content: DocContent;
  baseRevision: number;
  operationId: string;
  source: SaveSourceName;
}

/**
 * Saves never lose data: a save names the revision it was based on and applies only if that
 * is still current (else 409 with the server's text); the same operationId is answered again
 * from memory without a second write; blank content is not saved. The write itself is the
 * content writer's (files.content-write.ts).
 */
export function createSaveService({ db, now = () => new Date(), newId }: { db: Db; now?: () => Date; newId: () => string }) {
  const repo = createFilesRepository({ db });
  const writer = createContentWriter({ db, now, newId });

  return {
    async saveContent(input: SaveInput): Promise<ContentUpdateAnswer> {
      const { tenantId, fileId, operationId, baseRevision } = input;
      const prepared = prepareContent(input.content);
      if (prepared.text.trim() === '') {
        // Blank content is never written over a document (1-core §5); the answer says so.
        const replay = await repo.findOperation({ tenantId, operationId });
        if (replay) return replay.answer as ContentUpdateAnswer;
        const current = await repo.findById({ tenantId, id: fileId });
        if (!current) throw filesErrors.notFound(`with id ${fileId}`);
        return {
          success: true,
          saved: false,
          reason: 'blank_content',
          contentSize: 0,
          operationId,
          revision: current.revision,
          lastModified: current.contentUpdatedAt.toISOString(),
        };
      }
      const outcome = await writer.write({
        tenantId,
        fileId,
        prepared,
        baseRevision,
        source: input.source,
        version: 'when-due',
        operationId,
        answer: { success: true, saved: true, contentSize: prepared.size, operationId },
      });
      return outcome.answer as ContentUpdateAnswer;
    },
  };
}
export type SaveService = ReturnType<typeof createSaveService>;
