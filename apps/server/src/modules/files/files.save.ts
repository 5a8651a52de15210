import type { ContentUpdateAnswer, DocContent, SaveSourceName } from '@bree/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../lib/errors';
import { inlineHeavyWork, type HeavyWork } from '../../lib/workers/heavy-work';
import { createContentWriter } from './files.content-write';
import { filesErrors } from './files.errors';
import { createDocumentNamer } from './files.naming';
import { createFilesRepository } from './files.repository';

/**
 * How a save ended, told to the metrics (docs/OPERATIONS.md): committed (written, or the same text
 * already held), conflict (409), replayed (its operation id answered again), refused (blank text,
 * a document that is not there or not valid), error (anything else).
 */
export type SaveOutcome = 'committed' | 'conflict' | 'replayed' | 'refused' | 'error';

export interface SaveInput {
  tenantId: string;
  fileId: string;
  content: DocContent;
  baseRevision: number;
  /** The save's idempotency key: the request's `operationId`. */
  saveKey: string;
  source: SaveSourceName;
}

/**
 * Saves never lose data: a save names the revision it was based on and applies only if that
 * is still current (else 409 with the server's text); the same save key is answered again from
 * its save receipt without a second write; blank content is not saved. The write itself is the
 * content writer's (files.content-write.ts). A claimed Untitled document takes the name of its
 * first line after the save that gives it one (files.naming.ts).
 */
export function createSaveService({
  db,
  now = () => new Date(),
  newId,
  heavyWork = inlineHeavyWork,
  onOutcome = () => undefined,
}: {
  db: Db;
  now?: () => Date;
  newId: () => string;
  /** Validates large documents on a worker thread, so one big save never holds the event loop. */
  heavyWork?: HeavyWork;
  /** Told how each save ended (the metrics' saves by outcome). */
  onOutcome?: (outcome: SaveOutcome) => void;
}) {
  const repo = createFilesRepository({ db });
  const writer = createContentWriter({ db, now, newId });
  const namer = createDocumentNamer({ db });

  return {
    async saveContent(input: SaveInput, options: { log?: Pick<FastifyBaseLogger, 'warn'> } = {}): Promise<ContentUpdateAnswer> {
      try {
        const { answer, outcome } = await save(input, options);
        onOutcome(outcome);
        return answer;
      } catch (error) {
        onOutcome(!(error instanceof AppError) ? 'error' : error.status === 409 ? 'conflict' : error.status < 500 ? 'refused' : 'error');
        throw error;
      }
    },
  };

  async function save(input: SaveInput, options: { log?: Pick<FastifyBaseLogger, 'warn'> }): Promise<{ answer: ContentUpdateAnswer; outcome: SaveOutcome }> {
    const { tenantId, fileId, saveKey, baseRevision } = input;
    const prepared = await heavyWork.prepareContent(input.content);
    if (prepared.text.trim() === '') {
      // Blank content is never written over a document (docs/PRODUCT.md#saving); the answer says so.
      const replay = await repo.findSaveReceipt({ tenantId, saveKey });
      if (replay) return { answer: replay.answer as ContentUpdateAnswer, outcome: 'replayed' };
      const current = await repo.findById({ tenantId, id: fileId });
      if (!current) throw filesErrors.notFound(`with id ${fileId}`);
      const answer: ContentUpdateAnswer = {
        success: true,
        saved: false,
        reason: 'blank_content',
        contentSize: 0,
        operationId: saveKey,
        revision: current.revision,
        lastModified: current.contentUpdatedAt.toISOString(),
      };
      return { answer, outcome: 'refused' };
    }
    const outcome = await writer.write({
      tenantId,
      fileId,
      prepared,
      baseRevision,
      source: input.source,
      version: 'when-due',
      saveKey,
      answer: { success: true, saved: true, contentSize: prepared.size, operationId: saveKey },
    });
    const answer = outcome.answer as ContentUpdateAnswer;
    if (outcome.kind === 'replayed') return { answer, outcome: 'replayed' };
    if (!outcome.claimed) return { answer, outcome: 'committed' };
    try {
      const named = await namer.nameFromContent({ tenantId, fileId, doc: prepared.doc, source: input.source, saveKey });
      return { answer: named ? { ...answer, named } : answer, outcome: 'committed' };
    } catch (error) {
      // The text is saved: a name that could not be given is tried again on the next save.
      options.log?.warn({ err: error, fileId }, 'could not name a document after its first line');
      return { answer, outcome: 'committed' };
    }
  }
}
export type SaveService = ReturnType<typeof createSaveService>;
