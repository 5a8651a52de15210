import {
  API_CLIENT,
  bulkDeleteAnswerSchema,
  bulkRestoreAnswerSchema,
  ERROR_CODES,
  bulkTagAnswerSchema,
  claimBlankAnswerSchema,
  FILES,
  fileAnswerSchema,
  listPagedAnswerSchema,
  renameAnswerSchema,
  searchFilesAnswerSchema,
  successSchema,
  summaryAnswerSchema,
  trashPageAnswerSchema,
} from '@bree/contracts';
import type { Authenticity, FileSummary, ListSort, TrashedFile } from '@bree/contracts';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { hasErrorCode, TRANSIENT_CODES } from '../../lib/errorCodes';
import type { ListPage } from './cachePatch';

const filesTimeout = { timeoutMs: API_CLIENT.filesTimeoutMs };

/** Query keys of the documents feature; everything of a tenant sits under `all`. */
export const documentKeys = {
  all: (tenantId: string) => ['documents', tenantId] as const,
  list: (tenantId: string, sort: ListSort) => ['documents', tenantId, 'list', sort] as const,
  search: (tenantId: string, query: string) => ['documents', tenantId, 'search', query] as const,
  trash: (tenantId: string) => ['documents', tenantId, 'trash'] as const,
};

/** `{prefix}/{tenant}/{path}` with the path encoded as one segment (it may contain slashes). */
export function tenantPathUrl(prefix: '/files' | '/files/metadata', tenantId: string, filePath: string): string {
  return `${prefix}/${encodeURIComponent(tenantId)}/${encodeURIComponent(filePath)}`;
}

/** GET /files/list-paged for the main list (variants and __UNASSIGNED__ files hidden by view=documents). */
export function fetchDocumentsPage(api: ApiClient, q: { limit: number; cursor: string | null; sort: ListSort; signal?: AbortSignal }): Promise<ListPage> {
  const params = new URLSearchParams({ limit: String(q.limit), sort: q.sort, view: 'documents' });
  if (q.cursor) params.set('cursor', q.cursor);
  return api.get(`/files/list-paged?${params.toString()}`, { schema: listPagedAnswerSchema, signal: q.signal, ...filesTimeout });
}

/** GET /files/search — fuzzy on the name, at most 1000 answers. */
export async function searchDocuments(api: ApiClient, q: { query: string; signal?: AbortSignal }): Promise<{ items: FileSummary[] }> {
  const params = new URLSearchParams({ q: q.query, limit: String(FILES.searchLimit), view: 'documents' });
  return api.get(`/files/search?${params.toString()}`, { schema: searchFilesAnswerSchema, signal: q.signal, timeoutMs: API_CLIENT.searchTimeoutMs });
}

/** POST /files/claim-blank — an empty document with a free name (Untitled.txt, Untitled 2.txt…). */
export async function claimBlankDocument(api: ApiClient, operationId: string): Promise<FileSummary> {
  const answer = await api.post(
    '/files/claim-blank',
    { displayPath: FILES.defaultName, isRepository: false },
    { schema: claimBlankAnswerSchema, operationId, ...filesTimeout },
  );
  return answer.file;
}

/** POST /files/rename — path only; metadata kept. */
export async function renameDocument(api: ApiClient, q: { oldFilePath: string; newFilePath: string; operationId: string }): Promise<FileSummary> {
  const body = { oldFilePath: q.oldFilePath, newFilePath: q.newFilePath, preserveMetadata: true };
  const answer = await api.post('/files/rename', body, { schema: renameAnswerSchema, operationId: q.operationId, ...filesTimeout });
  return answer.file;
}

/**
 * One delete attempt: DELETE /files/{tenant}/{path}, falling back to POST /files/delete on 404
 * (docs/PRODUCT.md#documents). A file that is gone either way counts as deleted: that is what the user asked for.
 */
export async function deleteDocumentOnce(api: ApiClient, q: { tenantId: string; filePath: string; operationId: string }): Promise<void> {
  try {
    await api.delete(tenantPathUrl('/files', q.tenantId, q.filePath), { schema: successSchema, operationId: q.operationId, ...filesTimeout });
    return;
  } catch (error) {
    // No such route on an older server, or no such file by path: the POST fallback decides.
    if (!hasErrorCode(error, ERROR_CODES.notFound, ERROR_CODES.fileNotFound)) throw error;
  }
  try {
    await api.post('/files/delete', { filePath: q.filePath }, { schema: successSchema, operationId: q.operationId, ...filesTimeout });
  } catch (error) {
    if (hasErrorCode(error, ERROR_CODES.fileNotFound)) return;
    throw error;
  }
}

/** POST /files/bulk-delete — ids that were already gone count as deleted. */
export async function bulkDeleteDocuments(api: ApiClient, q: { fileIds: string[]; operationId: string }): Promise<string[]> {
  const answer = await api.post('/files/bulk-delete', { fileIds: q.fileIds }, { schema: bulkDeleteAnswerSchema, operationId: q.operationId, ...filesTimeout });
  return [...answer.deleted, ...answer.notFound];
}

/** PATCH /files/metadata/{tenant}/{path} with the authenticity tag. */
export async function tagDocument(
  api: ApiClient,
  q: { tenantId: string; filePath: string; authenticity: Authenticity; operationId: string },
): Promise<FileSummary> {
  const answer = await api.patch(
    tenantPathUrl('/files/metadata', q.tenantId, q.filePath),
    { metadata: { authenticity: q.authenticity } },
    {
      schema: summaryAnswerSchema,
      operationId: q.operationId,
      ...filesTimeout,
    },
  );
  return answer.file;
}

/** POST /files/bulk-tag — one tag on many files. */
export async function bulkTagDocuments(api: ApiClient, q: { fileIds: string[]; authenticity: Authenticity; operationId: string }): Promise<string[]> {
  const answer = await api.post(
    '/files/bulk-tag',
    { fileIds: q.fileIds, authenticity: q.authenticity },
    { schema: bulkTagAnswerSchema, operationId: q.operationId, ...filesTimeout },
  );
  return answer.updated;
}

/** POST /files/copy — a copy named "{name} (copy)". */
export async function copyDocument(api: ApiClient, q: { fileId: string; operationId: string }): Promise<FileSummary> {
  const answer = await api.post('/files/copy', { fileId: q.fileId }, { schema: fileAnswerSchema, operationId: q.operationId, ...filesTimeout });
  const { content: _content, ...summary } = answer.file;
  return summary;
}

/** One page of GET /files/trash: what was deleted, most recent first. */
export interface TrashPage {
  items: TrashedFile[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** GET /files/trash — paged like the list. */
export function fetchTrashPage(api: ApiClient, q: { limit: number; cursor: string | null; signal?: AbortSignal }): Promise<TrashPage> {
  const params = new URLSearchParams({ limit: String(q.limit) });
  if (q.cursor) params.set('cursor', q.cursor);
  return api.get(`/files/trash?${params.toString()}`, { schema: trashPageAnswerSchema, signal: q.signal, ...filesTimeout });
}

/** POST /files/{id}/restore — back from the Trash; the answer has the name it came back under. */
export async function restoreDocument(api: ApiClient, q: { fileId: string; operationId: string }): Promise<FileSummary> {
  const answer = await api.post(
    `/files/${encodeURIComponent(q.fileId)}/restore`,
    {},
    { schema: summaryAnswerSchema, operationId: q.operationId, ...filesTimeout },
  );
  return answer.file;
}

/** POST /files/bulk-restore — a bulk delete's batch back from the Trash in one request (its Undo). */
export async function restoreDocuments(
  api: ApiClient,
  q: { fileIds: string[]; operationId: string },
): Promise<{ restored: FileSummary[]; notFound: string[] }> {
  const answer = await api.post(
    '/files/bulk-restore',
    { fileIds: q.fileIds },
    { schema: bulkRestoreAnswerSchema, operationId: q.operationId, ...filesTimeout },
  );
  return { restored: answer.restored, notFound: answer.notFound };
}

/**
 * POST /files/{id}/discard — an empty new document removed for good, never to the Trash; the server
 * refuses (409 `document_not_empty`) one that holds or held text or that the writer changed (docs/TRASH.md).
 */
export async function discardDocument(api: ApiClient, q: { fileId: string; operationId: string }): Promise<void> {
  await api.post(`/files/${encodeURIComponent(q.fileId)}/discard`, {}, { schema: successSchema, operationId: q.operationId, ...filesTimeout });
}

/** DELETE /files/{id}/forever — out of the Trash for good. */
export async function deleteDocumentForever(api: ApiClient, q: { fileId: string; operationId: string }): Promise<void> {
  await api.delete(`/files/${encodeURIComponent(q.fileId)}/forever`, { schema: successSchema, operationId: q.operationId, ...filesTimeout });
}

/** Whether trying again could help: no answer, rate limited, or a server-side failure. */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return !(error instanceof DOMException && error.name === 'AbortError');
  return TRANSIENT_CODES.includes(error.code);
}
