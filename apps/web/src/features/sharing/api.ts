import {
  ERROR_CODES,
  SHARE_MESSAGES,
  shareDisableAnswerSchema,
  sharedDocumentAnswerSchema,
  shareLinkAnswerSchema,
  shareStatusAnswerSchema,
} from '@bree/contracts';
import type { SharedDocument } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** GET /shares/status/{fileId}. */
export function getShareStatus(api: ApiClient, fileId: string) {
  return api.get(`/shares/status/${encodeURIComponent(fileId)}`, { schema: shareStatusAnswerSchema });
}

/** POST /shares/create: switches sharing on (the same link again when it already is). */
export function enableSharing(api: ApiClient, fileId: string) {
  return api.post('/shares/create', { fileId }, { schema: shareLinkAnswerSchema });
}

/** POST /shares/disable: the link stops working at once. */
export function disableSharing(api: ApiClient, fileId: string) {
  return api.post('/shares/disable', { fileId }, { schema: shareDisableAnswerSchema });
}

/** POST /shares/regenerate-slug: a new link; the old one stops working at once. */
export function regenerateShareUrl(api: ApiClient, fileId: string) {
  return api.post('/shares/regenerate-slug', { fileId }, { schema: shareLinkAnswerSchema });
}

export type SharedDocumentResult = { ok: true; document: SharedDocument } | { ok: false; message: string };

/**
 * GET /shares/{slug} for a reader, who may have no account: a plain fetch, so no token or tenant
 * is ever sent. A refusal shows the server's message (else the not-found sentence of docs/PRODUCT.md#sharing); anything
 * else (offline, a broken answer) the catch-all.
 */
export async function fetchSharedDocument(slug: string, fetchImpl: typeof fetch = fetch): Promise<SharedDocumentResult> {
  try {
    const res = await fetchImpl(`/api/shares/${encodeURIComponent(slug)}`, { headers: { accept: 'application/json' }, credentials: 'omit' });
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = sharedDocumentAnswerSchema.safeParse(body);
      return parsed.success ? { ok: true, document: parsed.data.data } : { ok: false, message: SHARE_MESSAGES.loadFailed };
    }
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (res.status === 404 || error?.code === ERROR_CODES.shareNotFound) {
      return { ok: false, message: typeof error?.message === 'string' && error.message ? error.message : SHARE_MESSAGES.notFound };
    }
    return { ok: false, message: typeof error?.message === 'string' && error.message ? error.message : SHARE_MESSAGES.loadFailed };
  } catch {
    return { ok: false, message: SHARE_MESSAGES.loadFailed };
  }
}
