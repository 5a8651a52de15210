import { API_CLIENT, fileAnswerSchema, normalizeFileName } from '@bree/contracts';
import type { FileMetadata, FileWithContent } from '@bree/contracts';
import { validateDoc } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api';
import { cleanDocText } from '../../lib/storableText';

/** The window event every open document list listens to (docs/PRODUCT.md#import). */
export const FILE_LIST_CHANGED = 'fileListChanged';

/**
 * Checks the tree against the shared schema before it travels, so a conversion mistake is a
 * clear local failure instead of a round trip; the server validates again anyway.
 */
export function assertSavable(doc: DocJSON): void {
  const byteLength = new TextEncoder().encode(JSON.stringify(doc)).length;
  validateDoc(doc, { byteLength });
}

/** POST /files/create: a new document with content and metadata (the server makes the name unique). */
export async function createDocument(
  api: ApiClient,
  input: { name: string; content: DocJSON; isRepository: boolean; metadata: FileMetadata },
): Promise<FileWithContent> {
  const body = { filePath: normalizeFileName(input.name), content: cleanDocText(input.content), isRepository: input.isRepository, metadata: input.metadata };
  const answer = await api.post('/files/create', body, { schema: fileAnswerSchema, timeoutMs: API_CLIENT.filesTimeoutMs });
  return answer.file;
}

/** After creating documents: reload cached file lists and tell open lists of the tenant. */
export function announceNewFiles(queryClient: QueryClient, tenantId: string): void {
  // 'files' is the files API's key family; the /app list keeps its pages under 'documents'.
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'files' || query.queryKey[0] === 'documents' });
  window.dispatchEvent(new CustomEvent(FILE_LIST_CHANGED, { detail: { tenantId } }));
}
