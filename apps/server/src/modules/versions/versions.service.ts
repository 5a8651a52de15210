import type { DocContent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { prepareContent } from '../files/files.content';
import { filesErrors } from '../files/files.errors';
import { createFilesRepository } from '../files/files.repository';
import { versionsErrors } from './versions.errors';
import { presentVersion } from './versions.presenter';
import { createVersionsRepository } from './versions.repository';
import { versionsToThin } from './versions.thinning';

/** Version history: list, read, take and restore. Restoring never destroys history. */
export function createVersionsService({ db, now = () => new Date(), newId }: { db: Db; now?: () => Date; newId: () => string }) {
  const versions = createVersionsRepository({ db });
  const filesRepo = createFilesRepository({ db });

  async function requireFile(tenantId: string, fileId: string) {
    const file = await filesRepo.findById({ tenantId, id: fileId });
    if (!file) throw filesErrors.notFound(`with id ${fileId}`);
    return file;
  }

  return {
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      await requireFile(tenantId, fileId);
      return (await versions.list({ tenantId, fileId })).map(presentVersion);
    },

    async get({ tenantId, fileId, versionId }: { tenantId: string; fileId: string; versionId: string }) {
      const row = await versions.find({ tenantId, fileId, id: versionId });
      if (!row) throw versionsErrors.notFound();
      return { ...presentVersion(row), content: row.content };
    },

    /** Takes a version of the saved document, or of `content` the client hands over (a conflict's other text). */
    async take({ tenantId, fileId, reason, content }: { tenantId: string; fileId: string; reason: string; content?: DocContent }) {
      const file = await requireFile(tenantId, fileId);
      const prepared = content === undefined ? null : prepareContent(content);
      if (prepared && prepared.text.trim() === '') return null;
      const row = await versions.insert({
        id: newId(),
        tenantId,
        fileId,
        revision: file.revision,
        reason,
        content: prepared ? prepared.doc : file.content,
        contentText: prepared ? prepared.text : file.contentText,
        wordCount: prepared ? prepared.wordCount : file.wordCount,
        createdAt: now(),
      });
      return presentVersion(row);
    },

    /** Keeps the current text as a version, then makes the chosen version current as a new revision. */
    async restore({ tenantId, fileId, versionId }: { tenantId: string; fileId: string; versionId: string }) {
      return db.transaction(async (tx) => {
        const txVersions = createVersionsRepository({ db: tx });
        const txFiles = createFilesRepository({ db: tx });
        const file = await txFiles.findById({ tenantId, id: fileId });
        if (!file) throw filesErrors.notFound(`with id ${fileId}`);
        const version = await txVersions.find({ tenantId, fileId, id: versionId });
        if (!version) throw versionsErrors.notFound();
        const at = now();
        await txVersions.insert({
          id: newId(),
          tenantId,
          fileId,
          revision: file.revision,
          reason: 'before-restore',
          content: file.content,
          contentText: file.contentText,
          wordCount: file.wordCount,
          createdAt: at,
        });
        const prepared = prepareContent(version.content as DocContent);
        const updated = await txFiles.updateContentIfRevision({
          tenantId,
          id: fileId,
          baseRevision: file.revision,
          content: prepared.doc,
          contentText: prepared.text,
          contentSize: prepared.size,
          wordCount: prepared.wordCount,
          now: at,
        });
        if (!updated) throw filesErrors.revisionConflict({ currentRevision: file.revision, content: file.content, lastModified: file.updatedAt.toISOString() });
        return { revision: updated.revision, content: updated.content, lastModified: updated.updatedAt.toISOString() };
      });
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
