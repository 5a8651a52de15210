import { VERSION_NAME_MAX, type DocContent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { documentNotFound, prepareContent, type FilesPort } from '../files/files.port';
import { versionsErrors } from './versions.errors';
import { presentVersion } from './versions.presenter';
import { createVersionsRepository } from './versions.repository';
import { versionsToThin } from './versions.thinning';

/** A version's name as stored: trimmed, 1–VERSION_NAME_MAX characters, else 'version_name_invalid'. */
function checkedName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || [...name].length > VERSION_NAME_MAX) throw versionsErrors.nameInvalid();
  return name;
}

/** Version history: list, read, take, name and restore. Restoring never destroys history. */
export function createVersionsService({
  db,
  files,
  now = () => new Date(),
  newId,
}: {
  db: Db;
  /** The documents (read, and written through the one content writer), the files module's port. */
  files: Pick<FilesPort, 'find' | 'writer'>;
  now?: () => Date;
  newId: () => string;
}) {
  const versions = createVersionsRepository({ db });
  const writer = files.writer;

  async function requireFile(tenantId: string, fileId: string) {
    const file = await files.find({ tenantId, fileId });
    if (!file) throw documentNotFound({ message: `No document with id ${fileId}.` });
    return file;
  }

  /** Takes a version of the saved document, or of `content` the client hands over (a conflict's other text). */
  async function take(input: { tenantId: string; fileId: string; reason: string; content?: DocContent; name?: string; keepEmpty?: boolean }) {
    const { tenantId, fileId, reason, content, name } = input;
    const file = await requireFile(tenantId, fileId);
    const prepared = content === undefined ? null : prepareContent(content);
    if (prepared && prepared.text.trim() === '' && !input.keepEmpty) return null;
    const row = await versions.insert({
      id: newId(),
      tenantId,
      fileId,
      revision: file.revision,
      reason,
      source: prepared ? null : file.lastWriteSource,
      content: prepared ? prepared.doc : file.content,
      contentText: prepared ? prepared.text : file.contentText,
      wordCount: prepared ? prepared.wordCount : file.wordCount,
      editorVersion: prepared ? prepared.editorVersion : file.editorVersion,
      textChars: prepared ? prepared.authorship.textChars : file.textChars,
      aiChars: prepared ? prepared.authorship.aiChars : file.aiChars,
      name: name ?? null,
      createdAt: now(),
    });
    return presentVersion(row);
  }

  return {
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      await requireFile(tenantId, fileId);
      return (await versions.list({ tenantId, fileId })).map(presentVersion);
    },

    async get({ tenantId, fileId, versionId }: { tenantId: string; fileId: string; versionId: string }) {
      // The history of a document in the Trash is as gone as the document.
      await requireFile(tenantId, fileId);
      const row = await versions.find({ tenantId, fileId, id: versionId });
      if (!row) throw versionsErrors.notFound();
      return { ...presentVersion(row), content: row.content };
    },

    take,

    /**
     * 'Name this version' (docs/PRODUCT.md#versions): names (or renames) version `versionId`, or
     * without one keeps the current text (`content`, else the saved document) as a new 'named' version.
     */
    async name(input: { tenantId: string; fileId: string; name: string; versionId?: string; content?: DocContent }) {
      const { tenantId, fileId, versionId } = input;
      const name = checkedName(input.name);
      await requireFile(tenantId, fileId);
      if (versionId === undefined) {
        // Even an empty text is kept when the writer names it.
        return (await take({ tenantId, fileId, reason: 'named', content: input.content, name, keepEmpty: true }))!;
      }
      const row = await versions.rename({ tenantId, fileId, id: versionId, name });
      if (!row) throw versionsErrors.notFound();
      return presentVersion(row);
    },

    /**
     * Makes the chosen version current as a new revision, keeping the replaced text as a
     * 'before-restore' version in the same statement. With baseRevision a newer document is a 409;
     * without, whatever is current is replaced (and kept). A repeated operationId writes once.
     */
    async restore(input: { tenantId: string; fileId: string; versionId: string; baseRevision?: number; operationId?: string }) {
      const { tenantId, fileId } = input;
      await requireFile(tenantId, fileId);
      const version = await versions.find({ tenantId, fileId, id: input.versionId });
      if (!version) throw versionsErrors.notFound();
      const prepared = prepareContent(version.content as DocContent);
      const outcome = await writer.write({
        tenantId,
        fileId,
        prepared,
        baseRevision: input.baseRevision ?? 'current',
        source: 'restore',
        version: { before: 'before-restore' },
        saveKey: input.operationId,
        answer: { content: prepared.doc },
      });
      const { revision, content, lastModified } = outcome.answer as { revision: number; content: unknown; lastModified: string };
      return { revision, content, lastModified };
    },

    /** Thins old versions (all tenants): everything from 24 h, one per hour to 30 days, then one per day. */
    async thin({ batchSize = 5000 }: { batchSize?: number } = {}) {
      const at = now();
      const old = await versions.listOlderThan({ before: new Date(at.getTime() - 24 * 3600 * 1000), limit: batchSize });
      return versions.deleteIds({ ids: versionsToThin(old, at) });
    },
  };
}
export type VersionsService = ReturnType<typeof createVersionsService>;
