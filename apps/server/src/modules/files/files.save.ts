import { FILES, type ContentUpdateAnswer, type DocContent } from '@bree/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
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
  const repo = createFilesRepository({ db });

  /** Why a conditional update did not apply: a replayed operation, a stale revision or no such file. */
  async function explainMiss(input: SaveInput): Promise<ContentUpdateAnswer> {
    const replay = await repo.findOperation({ tenantId: input.tenantId, operationId: input.operationId });
    if (replay) return replay.answer as ContentUpdateAnswer;
    const current = await repo.findById({ tenantId: input.tenantId, id: input.fileId });
    if (!current) throw filesErrors.notFound(`with id ${input.fileId}`);
    throw filesErrors.revisionConflict({ currentRevision: current.revision, content: current.content, lastModified: current.updatedAt.toISOString() });
  }

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
          lastModified: current.updatedAt.toISOString(),
        };
      }
      const at = now();
      const answer: ContentUpdateAnswer = {
        success: true,
        saved: true,
        contentSize: prepared.size,
        operationId,
        revision: baseRevision + 1,
        lastModified: at.toISOString(),
      };
      const versionDue = new Date(at.getTime() - FILES.versionIntervalMs);
      // One statement, so atomic without a transaction: the revision-checked update, a version
      // when none was taken in the last 5 minutes, and the remembered answer for replays.
      const updated = await selectRows<{ revision: number }>(
        db,
        sql`
        with upd as (
          update files set content = ${prepared.json}::jsonb, content_text = ${prepared.text}, content_size = ${prepared.size},
            word_count = ${prepared.wordCount}, revision = revision + 1, updated_at = ${at.toISOString()}::timestamptz,
            last_version_at = case when last_version_at is null or last_version_at <= ${versionDue.toISOString()}::timestamptz
              then ${at.toISOString()}::timestamptz else last_version_at end
          where tenant_id = ${tenantId} and id = ${fileId} and revision = ${baseRevision}
          returning id, revision, content, content_text, last_version_at = ${at.toISOString()}::timestamptz as versioned
        ), ver as (
          insert into file_versions (id, tenant_id, file_id, revision, reason, content, content_text, word_count, created_at)
          select ${newId()}, ${tenantId}, upd.id, upd.revision, 'autosave', upd.content, upd.content_text, ${prepared.wordCount}, ${at.toISOString()}::timestamptz
          from upd where upd.versioned
        ), op as (
          insert into file_operations (tenant_id, operation_id, file_id, answer, created_at)
          select ${tenantId}, ${operationId}, upd.id, ${JSON.stringify(answer)}::jsonb, ${at.toISOString()}::timestamptz from upd
          on conflict do nothing
        )
        select revision from upd`,
      );
      if (updated.length === 0) return explainMiss(input);
      return answer;
    },
  };
}
export type SaveService = ReturnType<typeof createSaveService>;
