import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

/** A save that could not reach the server (1-core §3 'Offline save record'), plus what syncing needs. */
export interface OfflineSaveRecord {
  /** `${tenantId}:${fileId}`: one record per document, the latest wins. */
  id: string;
  tenantId: string;
  fileId: string;
  content: unknown;
  timestamp: number;
  /** The revision the edits were based on, so a sync after someone else's save is a conflict. */
  baseRevision: number;
}

interface OfflineDb extends DBSchema {
  saves: { key: string; value: OfflineSaveRecord; indexes: { byTenant: string } };
}

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  dbPromise ??= openDB<OfflineDb>('bree-offline', 1, {
    upgrade(database) {
      const store = database.createObjectStore('saves', { keyPath: 'id' });
      store.createIndex('byTenant', 'tenantId');
    },
  });
  return dbPromise;
}

/** The record key of a document. */
export const offlineKey = (tenantId: string, fileId: string): string => `${tenantId}:${fileId}`;

/** Stores (or replaces) a document's unsent save. */
export async function putOfflineSave(record: Omit<OfflineSaveRecord, 'id'>): Promise<void> {
  await (await db()).put('saves', { ...record, id: offlineKey(record.tenantId, record.fileId) });
}

/** The unsent save of one document, if any. */
export async function getOfflineSave(tenantId: string, fileId: string): Promise<OfflineSaveRecord | undefined> {
  return (await db()).get('saves', offlineKey(tenantId, fileId));
}

/** Every unsent save of a tenant. */
export async function listOfflineSaves(tenantId: string): Promise<OfflineSaveRecord[]> {
  return (await db()).getAllFromIndex('saves', 'byTenant', tenantId);
}

/** Drops a document's unsent save once the server committed it (or it was resolved). */
export async function deleteOfflineSave(tenantId: string, fileId: string): Promise<void> {
  await (await db()).delete('saves', offlineKey(tenantId, fileId));
}

let persistAsked = false;

/** Asks once for persistent storage so the browser does not evict unsent edits. */
export function requestPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}
