import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { ulid } from 'ulid';

/** A save that could not reach the server (docs/PRODUCT.md#saving), plus what syncing needs. */
export interface OfflineSaveRecord {
  /** `${tenantId}:${fileId}`: one record per document, the latest wins. */
  id: string;
  tenantId: string;
  fileId: string;
  content: unknown;
  timestamp: number;
  /** The revision the edits were based on, so a sync after someone else's save is a conflict. */
  baseRevision: number;
  /**
   * The save key, one per stored text (kept under its wire name, `operationId`, so stored records
   * stay readable): the page and the service worker may both send it, and the server answers a
   * repeated key once, so a double send is never a false conflict.
   */
  operationId?: string;
  /** The server answered 409: left for the editor's conflict dialog, not resent in the background. */
  conflict?: boolean;
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

/** Stores (or replaces) a document's unsent save, with the given save key or a fresh one; answers the key. */
export async function putOfflineSave(record: Omit<OfflineSaveRecord, 'id' | 'conflict'>): Promise<string> {
  // The key is chosen before the first await, so a caller knows it while the write is still under way.
  const operationId = record.operationId ?? ulid();
  const tx = (await db()).transaction('saves', 'readwrite');
  const written = tx.store.put({ ...record, id: offlineKey(record.tenantId, record.fileId), operationId });
  // Committed at once, not when the page next turns its event loop: a copy written as the page
  // goes away (pagehide) would otherwise be dropped with it (docs/SAVING.md "Leaving").
  tx.commit?.();
  await written;
  await tx.done;
  return operationId;
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

/**
 * Drops (or flags as a conflict) the record that was sent, unless a newer edit replaced it
 * meanwhile: that newer text must still be sent.
 */
export async function settleOfflineSave(sent: OfflineSaveRecord, outcome: 'sent' | 'conflict'): Promise<void> {
  // Relaxed: losing this write in a crash only means the record is sent once more, and answered once.
  const tx = (await db()).transaction('saves', 'readwrite', { durability: 'relaxed' });
  const current = await tx.store.get(sent.id);
  if (current && current.operationId === sent.operationId && current.timestamp === sent.timestamp) {
    if (outcome === 'sent') await tx.store.delete(sent.id);
    else await tx.store.put({ ...current, conflict: true });
  }
  await tx.done;
}

/**
 * After a save committed (or the editor loaded the server's text): the document's record is
 * dropped when that text covers it (written by this editor as `ownKey`, or older than
 * `coveredAt`), or, with `rebaseTo`, this editor's newer record is based on the new revision so
 * its recovery is not a conflict with its own save. Another tab's newer record is left alone.
 */
export async function settleLocalCopy(input: { tenantId: string; fileId: string; ownKey: string | null; coveredAt: number; rebaseTo?: number }): Promise<void> {
  const tx = (await db()).transaction('saves', 'readwrite', { durability: 'relaxed' });
  const id = offlineKey(input.tenantId, input.fileId);
  const current = await tx.store.get(id);
  const ours = current !== undefined && input.ownKey !== null && current.operationId === input.ownKey;
  if (current && input.rebaseTo !== undefined) {
    if (ours) await tx.store.put({ ...current, baseRevision: input.rebaseTo });
  } else if (current && (ours || current.timestamp <= input.coveredAt)) {
    await tx.store.delete(id);
  }
  await tx.done;
}

let persistAsked = false;

/** Asks once for persistent storage so the browser does not evict unsent edits. */
export function requestPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  // persist() exists on windows only; this module is also bundled into the service worker.
  const storage = navigator.storage as { persist?: () => Promise<boolean> } | undefined;
  void storage?.persist?.().catch(() => false);
}
