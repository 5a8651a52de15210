import { filenameFromDisposition, saveBlob } from '../files';

export type WorkspaceExportFormat = 'md' | 'docx';

/** The workspace zip's formats, as the panel names them. */
export const WORKSPACE_EXPORT_FORMATS: readonly { format: WorkspaceExportFormat; label: string }[] = [
  { format: 'md', label: 'Download workspace (.zip of .md)' },
  { format: 'docx', label: 'Download workspace (.zip of .docx)' },
];

/**
 * GET /workspaces/{fileId}/export: the master and every variant in one zip, handed to the browser.
 * A zip does not fit the JSON client, so this uses fetch with the same token and tenant header,
 * as the document downloads of features/files do.
 */
export async function downloadWorkspace(deps: {
  getAccessToken(): Promise<string | null>;
  tenantId: string;
  fileId: string;
  name: string;
  format: WorkspaceExportFormat;
}): Promise<string> {
  const token = await deps.getAccessToken();
  const res = await fetch(`/api/workspaces/${encodeURIComponent(deps.fileId)}/export?format=${deps.format}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-tenant-id': deps.tenantId },
  });
  if (!res.ok) throw new Error(`Workspace export failed with status ${res.status}`);
  const filename = filenameFromDisposition(res.headers.get('content-disposition'), `${deps.name} workspace.zip`);
  saveBlob(await res.blob(), filename);
  return filename;
}
