import { ulid } from 'ulid';
import type { ApiClient } from '../../lib/api';
import { listOfflineSaves, settleOfflineSave } from '../editor/offlineStore';
import { sendSave } from '../saving/sendSave';

/** The Background Sync tag the page registers and the service worker answers. */
export const OFFLINE_SYNC_TAG = 'bree-offline-saves';
/** Message a service worker without a usable token posts, asking open pages to flush. */
export const FLUSH_REQUEST_MESSAGE = 'bree:flush-offline';

// Documents open in an editor are flushed by that editor's save machine, so a 409 opens its
// conflict dialog right there; the background flush leaves them alone.
const claimed = new Set<string>();

/** Marks a document as flushed by its open editor; returns the release. */
export function claimOfflineDocument(fileId: string): () => void {
  claimed.add(fileId);
  return () => claimed.delete(fileId);
}

/** True while an open editor owns the document's offline save. */
export const isClaimed = (fileId: string): boolean => claimed.has(fileId);

interface FlushInput {
  tenantId: string;
  /** The page's API client, or the service worker's (same client, the worker's stored token). */
  api: ApiClient;
  skip?(fileId: string): boolean;
}

/**
 * Sends every stored save of a tenant through `sendSave`, one request per document (the record
 * holds only the latest text) with its stored base revision and save key. A 409 stays stored,
 * flagged for the editor's conflict dialog; a deleted document's text is dropped; no answer stops
 * the run. Returns how many records are still waiting.
 */
export async function flushOfflineSaves({ tenantId, api, skip }: FlushInput): Promise<number> {
  let waiting = 0;
  // Settling (an IndexedDB write) overlaps the next request; a record settled late is at worst sent
  // again, and a repeated save key is answered once.
  const settling: Promise<void>[] = [];
  for (const record of await listOfflineSaves(tenantId)) {
    if (record.conflict || skip?.(record.fileId)) continue;
    const outcome = await sendSave(api, {
      fileId: record.fileId,
      content: record.content,
      baseRevision: record.baseRevision,
      saveKey: record.operationId ?? ulid(),
      source: 'offline-sync',
    }).catch(() => ({ kind: 'refused' }) as const);
    if (outcome.kind === 'committed' || outcome.kind === 'deleted') settling.push(settleOfflineSave(record, 'sent'));
    else if (outcome.kind === 'conflict') settling.push(settleOfflineSave(record, 'conflict'));
    else waiting += 1;
    if (outcome.kind === 'offline') break;
  }
  await Promise.all(settling);
  return waiting;
}
