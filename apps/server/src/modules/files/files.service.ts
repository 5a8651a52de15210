import {
  CLAIM_STATUS,
  cleanName,
  displayName,
  downloadFileName,
  FILES,
  type Authenticity,
  type ContentWriteSource,
  type DocContent,
  type FileMetadata,
  type ListSort,
} from '@bree/contracts';
import { emptyDoc } from '@bree/editor';
import type { ExportFormat } from './files.formats';
import type { Db } from '../../db/db';
import { createChecksIgnored } from './files.checks-ignored';
import { inlineHeavyWork, type HeavyWork } from '../../lib/workers/heavy-work';
import { createContentWriter } from './files.content-write';
import { filesErrors } from './files.errors';
import { baseName, derivedPath, normalizeDirectory, normalizePath, uniquePath, uniqueStem } from './files.paths';
import { presentFile, presentListItem, presentSummary } from './files.presenter';
import { decodeCursor } from './files.cursor';
import { createFilesRepository, isUniqueViolation, type FileView } from './files.repository';
import type { DocumentLinks } from './files.trash.queries';
import { imageIdsInJson, type ExportImageSource } from './files.export-images';
import type { ExportCommentSource } from './files.export-comments';
import type { FileRow } from './files.table';

export interface FilesServiceDeps {
  db: Db;
  now?: () => Date;
  newId: () => string;
  /** Exports and validates large documents on a worker thread (lib/workers); the calling thread by default. */
  heavyWork?: HeavyWork;
  /** Documents that follow others into the Trash (a workspace's variants), told by their feature. */
  links?: DocumentLinks;
  /** The bytes of a tenant's stored images, for exports (the images module's; none: images export as their alt text). */
  exportImages?: ExportImageSource;
  /** A document's comment threads, for exports that ask for them (the comments module's; none: no comments are written). */
  exportComments?: ExportCommentSource;
}

export interface DownloadRequest {
  tenantId: string;
  filePath: string;
  format: ExportFormat;
  provenance?: boolean;
  comments?: boolean;
}

/** Documents: create, read, list, rename, tag, delete (to the Trash) and revision-checked saves. */
export function createFilesService({ db, now = () => new Date(), newId, heavyWork = inlineHeavyWork, links, exportImages, exportComments }: FilesServiceDeps) {
  const repo = createFilesRepository({ db, ...(links ? { links } : {}) });
  const writer = createContentWriter({ db, now, newId });

  async function requireById(tenantId: string, id: string): Promise<FileRow> {
    const row = await repo.findById({ tenantId, id });
    if (!row) throw filesErrors.notFound(`with id ${id}`);
    return row;
  }
  /**
   * The live document a path names: at its cleaned path, or — for a document stored before
   * names were cleaned (a bidi mark or a zero-width space kept in it) — at exactly the path sent.
   */
  async function findAtPath<T>(filePath: string, lookup: (path: string) => Promise<T | null>): Promise<T | null> {
    const exact = filePath.trim();
    let path: string;
    try {
      path = normalizePath(filePath);
    } catch (error) {
      // A stored name that cleans to nothing (only zero-width characters) is still found as stored.
      const stored = exact ? await lookup(exact) : null;
      if (stored) return stored;
      throw error;
    }
    const row = await lookup(path);
    if (row) return row;
    return exact !== path ? lookup(exact) : null;
  }
  const findByPath = (tenantId: string, filePath: string) => findAtPath(filePath, (path) => repo.findByPath({ tenantId, path }));
  async function requireByPath(tenantId: string, filePath: string): Promise<FileRow> {
    const row = await findByPath(tenantId, filePath);
    if (!row) throw filesErrors.notFound(`at "${normalizePath(filePath)}"`);
    return row;
  }

  /** Creates a document at a free path derived from `path` (adds " 2", " 3"… when taken). */
  async function createUnique(input: {
    tenantId: string;
    path: string;
    content?: DocContent;
    isRepository: boolean;
    metadata: FileMetadata;
    source?: ContentWriteSource;
  }) {
    const prepared = await heavyWork.prepareContent(input.content ?? emptyDoc());
    const metadata: FileMetadata = { authenticity: 'Untagged', ...input.metadata };
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await repo.pathsLike({ tenantId: input.tenantId, stem: uniqueStem(input.path) });
      const path = uniquePath(input.path, taken);
      const row = await repo.insert({
        id: newId(),
        tenantId: input.tenantId,
        path,
        name: baseName(path),
        isRepository: input.isRepository,
        content: prepared.doc,
        contentText: prepared.text,
        contentSize: prepared.size,
        wordCount: prepared.wordCount,
        authorship: prepared.authorship,
        editorVersion: prepared.editorVersion,
        metadata,
        source: input.source ?? 'create',
        now: now(),
      });
      if (row) return row;
    }
    throw filesErrors.pathExists(input.path);
  }

  return {
    /** The Checks findings ignored per document, kept in its metadata (files.checks-ignored.ts). */
    checksIgnored: createChecksIgnored({ db }),
    /**
     * Gives every document stored before names had skeletons its skeleton, one statement per
     * batch (run at startup, after the migrations; a no-op once done). Answers how many were updated.
     */
    async backfillNameSkeletons({ batch = 500 }: { batch?: number } = {}): Promise<number> {
      let done = 0;
      for (;;) {
        const rows = await repo.withoutSkeleton({ limit: batch });
        await repo.setSkeletons(rows);
        done += rows.length;
        if (rows.length < batch) return done;
      }
    },

    async get({ tenantId, filePath, fileId }: { tenantId: string; filePath?: string; fileId?: string }) {
      const row = fileId ? await requireById(tenantId, fileId) : await requireByPath(tenantId, filePath!);
      return presentFile(row);
    },

    /** POST /files/upload: creates the document at filePath, or replaces its content. */
    async upload(input: { tenantId: string; filePath: string; content: DocContent; isRepository: boolean; metadata: FileMetadata }) {
      const existing = await findByPath(input.tenantId, input.filePath);
      const path = existing?.path ?? normalizePath(input.filePath, { kind: 'write', field: 'filePath' });
      if (!existing) return presentFile(await createUnique({ ...input, path, source: 'upload' }));
      // No base revision in this call: whatever is current is replaced atomically, with a version when one is due.
      await writer.write({
        tenantId: input.tenantId,
        fileId: existing.id,
        prepared: await heavyWork.prepareContent(input.content),
        baseRevision: 'current',
        source: 'upload',
        version: 'when-due',
        metadataPatch: input.metadata,
        isRepository: input.isRepository,
      });
      return presentFile(await requireById(input.tenantId, existing.id));
    },

    async create(input: { tenantId: string; filePath?: string; content?: DocContent; isRepository: boolean; metadata: FileMetadata }) {
      const path = normalizePath(input.filePath ?? FILES.defaultName, { kind: 'write', field: 'filePath' });
      return presentFile(await createUnique({ ...input, path }));
    },

    /** POST /files/claim-blank: an empty document with a free name. */
    async claimBlank({ tenantId, displayPath, isRepository }: { tenantId: string; displayPath?: string; isRepository: boolean }) {
      const path = normalizePath(displayPath || FILES.defaultName, { kind: 'write', field: 'displayPath' });
      const row = await createUnique({ tenantId, path, isRepository, metadata: { isULIDFile: true, status: 'claimed' } });
      return { fileId: row.id, filename: row.path, file: presentSummary(row) };
    },

    /** All documents (without content) and the folders derived from their paths. */
    async list({ tenantId, directory }: { tenantId: string; directory?: string }) {
      const dir = normalizeDirectory(directory);
      const rows = await repo.listSummaries({ tenantId, directory: dir });
      const folders = new Map<string, string[]>();
      for (const row of rows) {
        const rest = dir ? row.path.slice(dir.length + 1) : row.path;
        const [first, ...more] = rest.split('/');
        if (more.length > 0 && first) {
          const folderPath = dir ? `${dir}/${first}` : first;
          folders.set(folderPath, [...(folders.get(folderPath) ?? []), row.id]);
        }
      }
      return {
        files: rows.map(presentListItem),
        folders: [...folders].map(([filePath, children]) => ({ isFolder: true as const, name: baseName(filePath), filePath, children })),
      };
    },

    async listPaged(q: { tenantId: string; limit: number; cursor?: string; sort: ListSort; view: FileView; directory?: string }) {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      if (q.cursor && !cursor) throw filesErrors.invalidCursor();
      const page = await repo.listPage({ ...q, cursor, directory: normalizeDirectory(q.directory) });
      return { items: page.items.map(presentListItem), nextCursor: page.nextCursor, hasMore: page.hasMore };
    },

    async search(q: { tenantId: string; q: string; limit: number; view: FileView }) {
      return { items: (await repo.search({ ...q, limit: Math.min(q.limit, FILES.searchLimit) })).map(presentListItem) };
    },

    /** Deleting moves the document to the Trash (files.trash.ts restores, deletes for good and purges). */
    async deleteByPath({ tenantId, filePath }: { tenantId: string; filePath: string }) {
      const path = normalizePath(filePath);
      const row = await findByPath(tenantId, filePath);
      if (!row) {
        const folder = normalizeDirectory(filePath);
        if (await repo.hasChildren({ tenantId, directory: folder })) throw filesErrors.folderDelete();
        throw filesErrors.notFound(`at "${path}"`);
      }
      await repo.trashByIds({ tenantId, ids: [row.id], now: now() });
    },

    /** Moves the documents to the Trash; ids that are not live documents of the tenant are notFound. */
    async bulkDelete({ tenantId, fileIds }: { tenantId: string; fileIds: string[] }) {
      const unique = [...new Set(fileIds)];
      const deleted = await repo.trashByIds({ tenantId, ids: unique, now: now() });
      return { deleted, notFound: unique.filter((id) => !deleted.includes(id)) };
    },

    async bulkTag({ tenantId, fileIds, authenticity }: { tenantId: string; fileIds: string[]; authenticity: Authenticity }) {
      return { updated: await repo.setAuthenticity({ tenantId, ids: [...new Set(fileIds)], authenticity, now: now() }) };
    },

    /** Rename is a path-only change: content and revision stay. */
    async rename({
      tenantId,
      oldFilePath,
      newFilePath,
      preserveMetadata,
    }: {
      tenantId: string;
      oldFilePath: string;
      newFilePath: string;
      preserveMetadata: boolean;
    }) {
      const row = await requireByPath(tenantId, oldFilePath);
      const path = normalizePath(newFilePath, { kind: 'write', field: 'newFilePath' });
      if (path === row.path) return { oldFilePath: row.path, newFilePath: path, file: presentSummary(row) };
      if (await repo.findByPath({ tenantId, path })) throw filesErrors.pathExists(path);
      const kept: FileMetadata = preserveMetadata ? row.metadata : { authenticity: row.metadata.authenticity ?? 'Untagged' };
      // The writer named it: it no longer takes a name from its text (files.naming.ts), even if that name is 'Untitled'.
      const metadata = kept.status === CLAIM_STATUS.claimed ? { ...kept, status: CLAIM_STATUS.named } : kept;
      try {
        const updated = await repo.update({ tenantId, id: row.id, set: { path, name: baseName(path), metadata, updatedAt: now() } });
        return { oldFilePath: row.path, newFilePath: path, file: presentSummary(updated!) };
      } catch (error) {
        if (isUniqueViolation(error)) throw filesErrors.pathExists(path);
        throw error;
      }
    },

    async setRepository({ tenantId, filePath, isRepository }: { tenantId: string; filePath: string; isRepository: boolean }) {
      const row = await requireByPath(tenantId, filePath);
      return presentSummary((await repo.update({ tenantId, id: row.id, set: { isRepository, updatedAt: now() } }))!);
    },

    /** Merges metadata fields (null clears a nullable one). */
    async updateMetadata({
      tenantId,
      filePath,
      metadata,
      isRepository,
    }: {
      tenantId: string;
      filePath: string;
      metadata: FileMetadata;
      isRepository?: boolean;
    }) {
      const row = await requireByPath(tenantId, filePath);
      const { fileId: _ignoredId, lastModified: _ignoredDate, ...fields } = metadata;
      const set = { metadata: { ...row.metadata, ...fields }, updatedAt: now(), ...(isRepository === undefined ? {} : { isRepository }) };
      return presentSummary((await repo.update({ tenantId, id: row.id, set }))!);
    },

    /** POST /files/sync-ulid: makes sure a document with a ULID exists at filePath holding this content. */
    async syncUlid({
      tenantId,
      filePath,
      content,
      options,
    }: {
      tenantId: string;
      filePath: string;
      content: DocContent;
      options: { isRepository?: boolean; metadata?: FileMetadata };
    }) {
      const existing = await findByPath(tenantId, filePath);
      if (!existing) {
        const path = normalizePath(filePath, { kind: 'write', field: 'filePath' });
        const row = await createUnique({
          tenantId,
          path,
          content,
          isRepository: options.isRepository ?? false,
          metadata: { isULIDFile: true, ...options.metadata },
          source: 'sync-ulid',
        });
        return { fileId: row.id, filePath: row.path, revision: row.revision, created: true };
      }
      const written = await writer.write({
        tenantId,
        fileId: existing.id,
        prepared: await heavyWork.prepareContent(content),
        baseRevision: 'current',
        source: 'sync-ulid',
        version: 'when-due',
      });
      const row = { id: existing.id, path: existing.path, revision: written.kind === 'written' ? written.revision : existing.revision };
      return { fileId: row.id, filePath: row.path, revision: row.revision, created: false };
    },

    async copy({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const row = await requireById(tenantId, fileId);
      const copyPath = derivedPath(row.path, ' (copy)');
      const { masterFileId: _m, isMaster: _i, workspaceId: _w, isWorkspaceMaster: _wm, ...metadata } = row.metadata;
      return presentFile(await createUnique({ tenantId, path: copyPath, content: row.content as DocContent, isRepository: row.isRepository, metadata }));
    },

    /** The document rendered for download: .txt, .md, .html or .docx, named after the document; the AI provenance and the comments only when asked. */
    async download({ tenantId, filePath, format, provenance = false, comments = false }: DownloadRequest) {
      // The content as its JSON text: parsed where it is rendered, on a worker thread when large.
      const row = await findAtPath(filePath, (path) => repo.findContentJsonByPath({ tenantId, path }));
      if (!row) throw filesErrors.notFound(`at "${normalizePath(filePath)}"`);
      const title = cleanName(displayName(row.name));
      const ids = format === 'txt' || !exportImages ? [] : imageIdsInJson(row.contentJson);
      const images = ids.length > 0 && exportImages ? { byId: await exportImages({ tenantId, ids }) } : undefined;
      const threads = comments && exportComments ? await exportComments({ tenantId, fileId: row.id }) : [];
      const file = await heavyWork.exportDocument(row.contentJson, { title, format, provenance, ...(images ? { images } : {}), comments: threads });
      // The download's name passes the one name cleaning (a name stored before it existed included).
      return { filename: downloadFileName(row.name, file.extension), contentType: file.contentType, body: file.body };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
