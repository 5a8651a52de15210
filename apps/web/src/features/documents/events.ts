/** Window event that asks the document list of a tenant to reload (emitted after imports, docs/PRODUCT.md#documents). */
export const FILE_LIST_CHANGED_EVENT = 'fileListChanged';

export interface FileListChangedDetail {
  tenantId: string;
}

/** Tells every open document list of the tenant that its files changed. */
export function emitFileListChanged(tenantId: string): void {
  window.dispatchEvent(new CustomEvent<FileListChangedDetail>(FILE_LIST_CHANGED_EVENT, { detail: { tenantId } }));
}

/** True when the event concerns the tenant; an event without a tenant concerns everyone. */
export function isFileListChangeFor(event: Event, tenantId: string): boolean {
  const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
  if (!detail || typeof detail !== 'object' || !('tenantId' in detail)) return true;
  return detail.tenantId === tenantId;
}
