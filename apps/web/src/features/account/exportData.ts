import { ACCOUNT_EXPORT, accountExportFileName, isDocumentMetaEntry, type ErrorCode } from '@bree/contracts';
import { filenameFromDisposition } from '../files';
import { createTarNameScanner } from './tarNames';

/** How far the archive has come: bytes received, documents whose folder has arrived, of how many. */
export interface ExportProgress {
  bytes: number;
  documents: number;
  total: number;
}

/** An export the server refused or that stopped before its end. */
export class ExportFailure extends Error {
  constructor(
    readonly code: ErrorCode | 'interrupted',
    message: string,
  ) {
    super(message);
  }
}

/** The sentence the page shows for a failure (docs/ACCOUNT.md "Export all my data"). */
export function exportFailureMessage(failure: unknown): string {
  const code = failure instanceof ExportFailure ? failure.code : 'interrupted';
  if (code === 'export_in_progress') return 'An export of your data is already being made. Wait for it to finish, then try again.';
  if (code === 'rate_limited') return 'You have exported your data several times this hour. Try again later.';
  return 'The export stopped before it finished. Check your connection and try again.';
}

/**
 * Counts the documents in the archive as its gzipped bytes arrive: the browser's own gunzip
 * (DecompressionStream) feeds the tar scanner. Where the browser has none, only bytes are shown.
 */
function documentCounter(onDocument: () => void): { write(chunk: Uint8Array<ArrayBuffer>): void; close(): void } {
  if (typeof DecompressionStream === 'undefined') return { write: () => undefined, close: () => undefined };
  const gunzip = new DecompressionStream('gzip');
  const writer = gunzip.writable.getWriter();
  const scanner = createTarNameScanner();
  void (async () => {
    const reader = gunzip.readable.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      for (const name of scanner.push(next.value)) if (isDocumentMetaEntry(name)) onDocument();
    }
  })().catch(() => undefined); // counting is a courtesy: the download itself decides success
  return {
    write: (chunk) => void writer.write(chunk).catch(() => undefined),
    close: () => void writer.close().catch(() => undefined),
  };
}

/**
 * GET /api/account/export: reads the archive as it streams, reporting progress (the document count
 * comes first, in a header), and answers it as a Blob with its file name. The archive does not fit
 * the JSON client, so this uses fetch with the same token and tenant header as the other downloads.
 */
export async function fetchAccountExport(deps: {
  getAccessToken(): Promise<string | null>;
  tenantId: string;
  onProgress(progress: ExportProgress): void;
}): Promise<{ blob: Blob; filename: string; progress: ExportProgress }> {
  const token = await deps.getAccessToken();
  let res: Response;
  try {
    res = await fetch(ACCOUNT_EXPORT.path, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-tenant-id': deps.tenantId } });
  } catch {
    throw new ExportFailure('interrupted', 'network');
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: ErrorCode; message?: string } } | null;
    throw new ExportFailure(body?.error?.code ?? 'interrupted', body?.error?.message ?? `status ${res.status}`);
  }
  const progress: ExportProgress = { bytes: 0, documents: 0, total: Number(res.headers.get(ACCOUNT_EXPORT.documentsHeader) ?? 0) || 0 };
  deps.onProgress({ ...progress });
  const counter = documentCounter(() => {
    progress.documents = Math.min(progress.total, progress.documents + 1);
    deps.onProgress({ ...progress });
  });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = res.body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      counter.write(next.value);
      progress.bytes += next.value.byteLength;
      deps.onProgress({ ...progress });
    }
  } catch {
    throw new ExportFailure('interrupted', 'the download stopped');
  } finally {
    counter.close();
  }
  // Every document's folder has arrived once the archive has: the count ends at the total.
  progress.documents = progress.total;
  deps.onProgress({ ...progress });
  const filename = filenameFromDisposition(res.headers.get('content-disposition'), accountExportFileName(new Date()));
  return { blob: new Blob(chunks, { type: 'application/gzip' }), filename, progress: { ...progress } };
}

/** "1.2 MB": a size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
