import { listOfflineSaves, settleOfflineSave } from '../editor/offlineStore';
import type { OfflineSaveRecord } from '../editor/offlineStore';

/**
 * What one send of a stored save came to: committed; a 409 (kept for the conflict dialog);
 * the document is gone (nothing to sync into); 'offline' (stop, try again later); 'keep'
 * (another refusal: keep the text, carry on with the other documents).
 */
export type FlushOutcome = 'committed' | 'conflict' | 'gone' | 'offline' | 'keep';

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
  send(record: OfflineSaveRecord): Promise<FlushOutcome>;
  skip?(fileId: string): boolean;
}

/**
 * Sends every stored save of a tenant, one request per document (the record holds only the
 * latest text) with its stored base revision. Returns how many records are still waiting.
 */
export async function flushOfflineSaves({ tenantId, send, skip }: FlushInput): Promise<number> {
  let waiting = 0;
  for (const record of await listOfflineSaves(tenantId)) {
    if (record.conflict || skip?.(record.fileId)) continue;
    const outcome = await send(record);
    if (outcome === 'committed' || outcome === 'gone') await settleOfflineSave(record, 'sent');
    else if (outcome === 'conflict') await settleOfflineSave(record, 'conflict');
    else waiting += 1;
    if (outcome === 'offline') break;
  }
  return waiting;
}
