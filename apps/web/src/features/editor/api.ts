import {
  createVersionAnswerSchema,
  fileAnswerSchema,
  getVersionAnswerSchema,
  listPagedAnswerSchema,
  listVersionsAnswerSchema,
  nameVersionAnswerSchema,
  restoreVersionAnswerSchema,
  summaryAnswerSchema,
} from '@bree/contracts';
import type { FileMetadata, FileSummary, FileWithContent, Version } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** Where a version came from when the editor asks for one. */
export type EditorVersionReason = 'leave' | 'conflict' | 'manual' | 'before-ai';

/** POST /files/get: the document with its content and revision. */
export async function getFile(api: ApiClient, fileId: string, signal?: AbortSignal): Promise<FileWithContent> {
  const answer = await api.post('/files/get', { fileId }, { schema: fileAnswerSchema, ...(signal ? { signal } : {}) });
  return answer.file;
}

/**
 * PATCH /files/metadata/{tenant}/{path} with some metadata fields (the server merges them into the
 * rest). The route goes by path, and the document may have been renamed since it opened: the path is read fresh first. Answers the document's metadata as kept.
 */
export async function saveMetadata(api: ApiClient, q: { tenantId: string; fileId: string; metadata: FileMetadata }): Promise<FileMetadata> {
  const file = await getFile(api, q.fileId);
  const url = `/files/metadata/${encodeURIComponent(q.tenantId)}/${encodeURIComponent(file.filePath)}`;
  const answer = await api.patch(url, { metadata: q.metadata }, { schema: summaryAnswerSchema });
  return answer.file.metadata;
}

/** The document's word goal (null removes it), saved through `saveMetadata`; answers the goal the server kept. */
export async function saveWordGoal(api: ApiClient, q: { tenantId: string; fileId: string; wordGoal: number | null }): Promise<number | null> {
  const metadata = await saveMetadata(api, { tenantId: q.tenantId, fileId: q.fileId, metadata: { wordGoal: q.wordGoal } });
  return metadata.wordGoal ?? null;
}

/** POST /versions/create; with content, that text is kept as the version (conflicts). */
export async function createVersion(api: ApiClient, input: { fileId: string; reason: EditorVersionReason; content?: unknown }): Promise<void> {
  await api.post('/versions/create', input, { schema: createVersionAnswerSchema });
}

/** GET /versions/list, newest first. */
export async function listVersions(api: ApiClient, fileId: string): Promise<Version[]> {
  const answer = await api.get(`/versions/list?fileId=${encodeURIComponent(fileId)}`, { schema: listVersionsAnswerSchema });
  return answer.versions;
}

/** GET /versions/get: one version with its content. */
export async function getVersionContent(api: ApiClient, fileId: string, versionId: string): Promise<unknown> {
  const q = `fileId=${encodeURIComponent(fileId)}&versionId=${encodeURIComponent(versionId)}`;
  const answer = await api.get(`/versions/get?${q}`, { schema: getVersionAnswerSchema });
  return answer.version.content;
}

/** POST /versions/name: names version `versionId`, or without one keeps `content` (the editor's text) as a new named version. */
export async function nameVersion(api: ApiClient, input: { fileId: string; name: string; versionId?: string; content?: unknown }): Promise<Version> {
  const answer = await api.post('/versions/name', input, { schema: nameVersionAnswerSchema });
  return answer.version;
}

/** POST /versions/restore/{tenantId}/{fileId}: the restored content becomes the new revision. */
export async function restoreVersion(api: ApiClient, input: { tenantId: string; fileId: string; versionId: string }) {
  const path = `/versions/restore/${encodeURIComponent(input.tenantId)}/${encodeURIComponent(input.fileId)}`;
  return api.post(path, { versionId: input.versionId }, { schema: restoreVersionAnswerSchema });
}

/** GET /files/list-paged?view=repository: the author's repository (sample) files. */
export async function listRepositoryFiles(api: ApiClient): Promise<FileSummary[]> {
  const answer = await api.get('/files/list-paged?view=repository&limit=100', { schema: listPagedAnswerSchema });
  return answer.items;
}
