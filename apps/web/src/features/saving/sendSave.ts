import { contentUpdateAnswerSchema, ERROR_CODES } from '@bree/contracts';
import type { SAVE_SOURCES, SavedName } from '@bree/contracts';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { GATEWAY_CODES, hasErrorCode, NO_ANSWER_CODES } from '../../lib/errorCodes';
import { announceDocumentSaved } from './documentSaved';

/**
 * The one way Bree's browser code sends a save (docs/PRODUCT.md#saving): the editor's autosave, the
 * app-wide offline flush and the service worker's Background Sync all call `sendSave`, so the
 * request and the reading of its answer exist once.
 */

export interface SaveRequest {
  fileId: string;
  content: unknown;
  /** The revision the content was based on: a stale one is a conflict, never an overwrite. */
  baseRevision: number;
  /**
   * The save's idempotency key, one per text (sent as the wire's `operationId`, body and header):
   * the server answers a repeated key once, so resending is always safe.
   */
  saveKey: string;
  source: (typeof SAVE_SOURCES)[number];
  signal?: AbortSignal;
  /**
   * The page is going away (docs/SAVING.md "Leaving"): send with fetch's keepalive so the request
   * outlives it. A body over KEEPALIVE_BODY_LIMIT is sent without it (the browser would refuse it):
   * the local copy already holds that text.
   */
  keepalive?: boolean;
}

/**
 * Browsers allow 64 KiB of keepalive bodies in flight per page; a little is left for the other
 * keepalive requests a page may have (analytics).
 */
export const KEEPALIVE_BODY_LIMIT = 60 * 1024;

/** True when a body this size may be sent with keepalive. */
export function fitsKeepalive(body: unknown): boolean {
  return new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_BODY_LIMIT;
}

/** What a save came to, classified once. */
export type SaveOutcome =
  /** The server holds the content at `revision`; `named` when this save gave an Untitled document its name. */
  | { kind: 'committed'; revision: number; named?: SavedName }
  /** No answer from the server (offline, unreachable, timed out): keep the text and try later. */
  | { kind: 'offline' }
  /** Someone saved first: the server's current text and revision, from the 409's own body. */
  | { kind: 'conflict'; theirs: unknown; theirsRevision: number }
  /** The document no longer exists: there is nothing to save into. */
  | { kind: 'deleted' }
  /** Any other refusal (invalid content, too large, signed out…): the text stays unsent. */
  | { kind: 'refused'; code: string; message: string };

/** Sends one save through the API client and classifies the answer; an abort rejects. */
export async function sendSave(api: ApiClient, input: SaveRequest): Promise<SaveOutcome> {
  const { fileId, content, baseRevision, saveKey, source, signal } = input;
  // navigator.onLine false is certain (true is not): skip a request bound to fail.
  if (!navigator.onLine) return { kind: 'offline' };
  const body = { fileId, content, baseRevision, operationId: saveKey, source };
  const keepalive = input.keepalive === true && fitsKeepalive(body);
  try {
    const answer = await api.post('/files/content-only-update', body, {
      schema: contentUpdateAnswerSchema,
      operationId: saveKey,
      ...(signal ? { signal } : {}),
      ...(keepalive ? { keepalive } : {}),
    });
    // Whatever shows this document's relation to others asks again now, here and in other tabs.
    announceDocumentSaved({ fileId, revision: answer.revision });
    return { kind: 'committed', revision: answer.revision, ...(answer.named ? { named: answer.named } : {}) };
  } catch (error) {
    if (signal?.aborted || !isApiError(error)) throw error;
    // No answer from Bree itself (network, timeout, a gateway while it restarts): keep the text, try later.
    if (hasErrorCode(error, ...NO_ANSWER_CODES, ...GATEWAY_CODES)) return { kind: 'offline' };
    if (error.code === ERROR_CODES.revisionConflict) {
      const details = error.details ?? {};
      if (typeof details.currentRevision === 'number') return { kind: 'conflict', theirs: details.content, theirsRevision: details.currentRevision };
    }
    if (error.code === ERROR_CODES.fileNotFound) return { kind: 'deleted' };
    return { kind: 'refused', code: error.code, message: error.message };
  }
}
