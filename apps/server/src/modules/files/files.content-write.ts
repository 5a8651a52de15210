import { isDeepStrictEqual } from 'node:util';
import { CLAIM_STATUS, FILES, type ContentWriteSource, type FileMetadata, type VersionReason } from '@bree/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
import type { PreparedContent } from './files.content';
import { filesErrors } from './files.errors';
import { createFilesRepository } from './files.repository';

/** The version a due write takes of its new text, by what made the write. */
const DUE_VERSION_REASON: Partial<Record<ContentWriteSource, VersionReason>> = { manual: 'manual', import: 'import', upload: 'import' };

/** A "current" write that keeps losing to other writers gives up after this many tries (then 409). */
const CURRENT_WRITE_TRIES = 10;

export interface ContentWrite {
  tenantId: string;
  fileId: string;
  prepared: PreparedContent;
  /**
   * The revision the writer based its text on (a stale one is a 409), or 'current' when the call
   * has none (upload, sync-ulid, a restore without one): then whatever is current is replaced
   * atomically, and a writer that slipped in between makes the statement miss and run again.
   */
  baseRevision: number | 'current';
  source: ContentWriteSource;
  /**
   * 'when-due': a version of the new text when none was taken in the last 5 minutes (saves).
   * { before }: always keep the replaced text as a version with this reason (restore).
   */
  version: 'when-due' | { before: VersionReason };
  /** With a save key (the request's `operationId`), the answer is kept as a save receipt in the same statement and a repeat writes nothing. */
  saveKey?: string;
  /** The answer to remember, without `revision` (the write fills it in). */
  answer?: Record<string, unknown>;
  /** Metadata fields merged in the same statement (upload). */
  metadataPatch?: FileMetadata;
  isRepository?: boolean;
}

export type WriteOutcome =
  | {
      kind: 'written';
      revision: number;
      lastModified: string;
      answer: Record<string, unknown>;
      /** The document is a claimed blank still waiting for its name (metadata.status 'claimed', files.naming.ts). */
      claimed: boolean;
    }
  | { kind: 'replayed'; answer: Record<string, unknown> };

interface WrittenRow {
  revision: number;
  claimed: boolean;
}

/**
 * The one place that writes a document's content (one owner per job, docs/SAVING.md): saves,
 * upload-as-update, sync-ulid and restore all call it. One statement does the revision check,
 * the version, the save receipt and the recorded source, so none can happen without the others.
 */
export function createContentWriter({ db, now = () => new Date(), newId }: { db: Db; now?: () => Date; newId: () => string }) {
  const repo = createFilesRepository({ db });

  /** The statement: update only if the revision is the one read (and the save key is new); returns nothing on a miss. */
  async function attempt(w: ContentWrite, at: Date): Promise<WrittenRow | undefined> {
    const { tenantId, fileId, prepared } = w;
    const iso = at.toISOString();
    const dueBefore = new Date(at.getTime() - FILES.versionIntervalMs).toISOString();
    const whenDue = w.version === 'when-due';
    const reason = w.version === 'when-due' ? (DUE_VERSION_REASON[w.source] ?? 'autosave') : w.version.before;
    const saveKey = w.saveKey ?? null;
    const answer = JSON.stringify({ ...w.answer, lastModified: iso });
    const rows = await selectRows<WrittenRow>(
      db,
      sql`
      with upd as (
        update files f set content = ${prepared.json}::jsonb, content_text = ${prepared.text}, content_size = ${prepared.size},
          word_count = ${prepared.wordCount}, editor_version = ${prepared.editorVersion}, text_chars = ${prepared.authorship.textChars},
          ai_chars = ${prepared.authorship.aiChars}, revision = f.revision + 1, updated_at = ${iso}::timestamptz, content_updated_at = ${iso}::timestamptz,
          last_write_source = ${w.source},
          metadata = f.metadata || ${JSON.stringify(w.metadataPatch ?? {})}::jsonb,
          is_repository = coalesce(${w.isRepository ?? null}::boolean, f.is_repository),
          last_version_at = case when ${whenDue} and (f.last_version_at is null or f.last_version_at <= ${dueBefore}::timestamptz)
            then ${iso}::timestamptz else f.last_version_at end
        from files old
        where f.tenant_id = ${tenantId} and f.id = ${fileId} and old.tenant_id = f.tenant_id and old.id = f.id
          -- A document in the Trash takes no writes: the miss below answers 404, as for a deleted one.
          and f.deleted_at is null
          -- A concurrent writer changes f's revision but not old's: the recheck then fails and nothing is overwritten unseen.
          and f.revision = old.revision
          and (${w.baseRevision === 'current'} or old.revision = ${w.baseRevision === 'current' ? -1 : w.baseRevision})
          and (${saveKey}::text is null or not exists (select 1 from file_operations o where o.tenant_id = ${tenantId} and o.operation_id = ${saveKey}))
        returning f.id, f.revision, f.content, f.content_text, f.word_count, f.last_version_at = ${iso}::timestamptz as versioned,
          old.revision as old_revision, old.content as old_content, old.content_text as old_text, old.word_count as old_words,
          old.editor_version as old_editor_version, old.text_chars as old_text_chars, old.ai_chars as old_ai_chars,
          old.last_write_source as old_source, coalesce(f.metadata->>'status' = ${CLAIM_STATUS.claimed}, false) as claimed
      ), ver as (
        insert into file_versions (id, tenant_id, file_id, revision, reason, source, content, content_text, word_count,
          editor_version, text_chars, ai_chars, created_at)
        select ${newId()}, ${tenantId}, upd.id,
          case when ${whenDue} then upd.revision else upd.old_revision end, ${reason},
          case when ${whenDue} then ${w.source} else upd.old_source end,
          case when ${whenDue} then upd.content else upd.old_content end,
          case when ${whenDue} then upd.content_text else upd.old_text end,
          case when ${whenDue} then upd.word_count else upd.old_words end,
          -- A 'before' version keeps the replaced text's figures (null when they were never measured).
          case when ${whenDue} then ${prepared.editorVersion}::smallint else upd.old_editor_version end,
          case when ${whenDue} then ${prepared.authorship.textChars}::integer else upd.old_text_chars end,
          case when ${whenDue} then ${prepared.authorship.aiChars}::integer else upd.old_ai_chars end, ${iso}::timestamptz
        from upd where upd.versioned or not ${whenDue}
      ), receipt as (
        insert into file_operations (tenant_id, operation_id, file_id, answer, created_at)
        select ${tenantId}, ${saveKey}, upd.id, ${answer}::jsonb || jsonb_build_object('revision', upd.revision), ${iso}::timestamptz
        from upd where ${saveKey}::text is not null
        on conflict do nothing
      )
      select revision, claimed from upd`,
    );
    return rows[0];
  }

  return {
    /**
     * Writes content, or explains why not: a repeated save key → its receipt (the first answer); no such
     * document (or one in the Trash) → 404; a stale base revision → 409 revision_conflict with the server's text.
     */
    async write(w: ContentWrite): Promise<WriteOutcome> {
      for (let tries = 1; ; tries++) {
        const at = now();
        const row = await attempt(w, at);
        const lastModified = at.toISOString();
        if (row) {
          return { kind: 'written', revision: row.revision, lastModified, answer: { ...w.answer, lastModified, revision: row.revision }, claimed: row.claimed };
        }
        if (w.saveKey) {
          const replay = await repo.findSaveReceipt({ tenantId: w.tenantId, saveKey: w.saveKey });
          if (replay) return { kind: 'replayed', answer: replay.answer as Record<string, unknown> };
        }
        const current = await repo.findById({ tenantId: w.tenantId, id: w.fileId });
        if (!current) throw filesErrors.notFound(`with id ${w.fileId}`);
        if (w.baseRevision !== 'current' && isDeepStrictEqual(JSON.parse(w.prepared.json), current.content)) {
          // A stale send of the text the server already holds (the same edits sent by a closing tab and
          // again from its offline copy) loses nothing: it is answered as saved, with nothing written.
          const lastModified = current.contentUpdatedAt.toISOString();
          const claimed = current.metadata.status === CLAIM_STATUS.claimed;
          return { kind: 'written', revision: current.revision, lastModified, answer: { ...w.answer, lastModified, revision: current.revision }, claimed };
        }
        if (w.baseRevision !== 'current' || tries >= CURRENT_WRITE_TRIES) {
          throw filesErrors.revisionConflict({
            currentRevision: current.revision,
            content: current.content,
            lastModified: current.contentUpdatedAt.toISOString(),
          });
        }
      }
    },
  };
}
export type ContentWriter = ReturnType<typeof createContentWriter>;
