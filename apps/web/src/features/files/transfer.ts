import { cleanName, downloadFileName, fitName, NAME_MAX_LENGTH } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** The formats a document can be downloaded in, as the menus name them (export mirrors import). */
export const DOWNLOAD_FORMATS = [
  { format: 'txt', label: 'Download as text (.txt)' },
  { format: 'md', label: 'Download as Markdown (.md)' },
  { format: 'html', label: 'Download as web page (.html)' },
  { format: 'docx', label: 'Download as Word (.docx)' },
] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]['format'];

/** `/api/files/{tenant}/{path}…` with the path kept as one encoded segment (it may hold slashes). */
export function filePathUrl(tenantId: string, filePath: string, suffix = ''): string {
  return `/api/files/${encodeURIComponent(tenantId)}/${encodeURIComponent(filePath)}${suffix}`;
}

/**
 * The file name a download answer names (RFC 5987 `filename*` first), else the fallback — either
 * way through the one name cleaning (names.ts: no bidi or zero-width characters, at most
 * NAME_MAX_LENGTH characters), whatever the server sent.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  const clean = (name: string) => fitName(cleanName(name.replace(/[/\\]/g, '_')), NAME_MAX_LENGTH);
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      const name = clean(decodeURIComponent(star));
      if (name) return name;
    } catch {
      /* fall through to the plain form */
    }
  }
  return clean(header?.match(/filename="([^"]+)"/i)?.[1] ?? '') || clean(fallback);
}

/** The download request's address: the format, `provenance=include` for the AI authorship and `comments=include` for the comments, when asked. */
export function downloadUrl(q: { tenantId: string; filePath: string; format: DownloadFormat; includeProvenance?: boolean; includeComments?: boolean }): string {
  const query = new URLSearchParams({ format: q.format });
  if (q.includeProvenance) query.set('provenance', 'include');
  if (q.includeComments) query.set('comments', 'include');
  return `${filePathUrl(q.tenantId, q.filePath, '/download')}?${query.toString()}`;
}

/**
 * Downloads a document rendered by the server in the chosen format and hands it to the
 * browser as a file. Binary answers do not fit the JSON API client, so this uses fetch
 * with the same bearer token and tenant header.
 */
export async function downloadDocument(deps: {
  getAccessToken(): Promise<string | null>;
  tenantId: string;
  filePath: string;
  displayName: string;
  format: DownloadFormat;
  /** Adds the authorship line (and, in .html, the highlighted AI text) to the file. */
  includeProvenance?: boolean;
  /** Adds the document's comment threads after the text. */
  includeComments?: boolean;
}): Promise<string> {
  const token = await deps.getAccessToken();
  const res = await fetch(downloadUrl(deps), {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-tenant-id': deps.tenantId },
  });
  if (!res.ok) throw new Error(`Download failed with status ${res.status}`);
  const filename = filenameFromDisposition(res.headers.get('content-disposition'), downloadFileName(deps.displayName, deps.format));
  saveBlob(await res.blob(), filename);
  return filename;
}

/** Hands a downloaded answer to the browser as a file of this name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Moves a document into the repository (which teaches the assistant the author's voice) or out of it. */
export async function setInRepository(api: ApiClient, q: { tenantId: string; filePath: string; isRepository: boolean }): Promise<void> {
  await api.patch(`/files/repository/${encodeURIComponent(q.tenantId)}/${encodeURIComponent(q.filePath)}`, { isRepository: q.isRepository });
}
