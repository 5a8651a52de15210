import {
  ERROR_CODES,
  FEEDBACK_MESSAGES,
  feedbackBulkDeleteAnswerSchema,
  feedbackListAnswerSchema,
  feedbackUpdateAnswerSchema,
  type FeedbackItem,
  type FeedbackUpdateBody,
} from '@bree/contracts';
import type { ApiClient } from '../../../lib/api';
import { hasErrorCode, NO_ANSWER_CODES } from '../../../lib/errorCodes';
import { saveBlob } from '../../files';
import { feedbackQuery, type FeedbackFilters } from './rules';

/** GET /api/admin/feedback with the filters that are set. */
export async function listFeedback(api: ApiClient, filters: FeedbackFilters): Promise<FeedbackItem[]> {
  return (await api.get(`/admin/feedback${feedbackQuery(filters)}`, { schema: feedbackListAnswerSchema })).items;
}

/** PUT /api/admin/feedback/{id} with {status} or {preserve}. */
export async function updateFeedback(api: ApiClient, id: string, change: FeedbackUpdateBody): Promise<void> {
  await api.put(`/admin/feedback/${encodeURIComponent(id)}`, change, { schema: feedbackUpdateAnswerSchema });
}

/** POST /api/admin/feedback/bulk-delete. */
export async function bulkDeleteFeedback(api: ApiClient, feedbackIds: string[]): Promise<void> {
  await api.post('/admin/feedback/bulk-delete', { feedbackIds }, { schema: feedbackBulkDeleteAnswerSchema });
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** 'Failed to load feedback. ' and why (docs/PRODUCT.md#admin). */
export function loadFailure(error: unknown): string {
  if (hasErrorCode(error, ERROR_CODES.forbidden)) return FEEDBACK_MESSAGES.loadFailed + FEEDBACK_MESSAGES.loadForbidden;
  if (hasErrorCode(error, ERROR_CODES.unauthorized, ERROR_CODES.invalidToken)) return FEEDBACK_MESSAGES.loadFailed + FEEDBACK_MESSAGES.loadUnauthorized;
  if (offline() || hasErrorCode(error, ...NO_ANSWER_CODES)) return FEEDBACK_MESSAGES.loadFailed + FEEDBACK_MESSAGES.loadOffline;
  return FEEDBACK_MESSAGES.loadFailed + FEEDBACK_MESSAGES.tryAgain;
}

/** 'Failed to update status. ' or '… preservation. ' and why (docs/PRODUCT.md#admin). */
export function updateFailure(error: unknown, change: 'status' | 'preserve'): string {
  const prefix = change === 'status' ? FEEDBACK_MESSAGES.statusFailed : FEEDBACK_MESSAGES.preserveFailed;
  if (hasErrorCode(error, ERROR_CODES.forbidden)) return prefix + FEEDBACK_MESSAGES.updateForbidden;
  if (hasErrorCode(error, ERROR_CODES.feedbackNotFound)) return prefix + FEEDBACK_MESSAGES.updateNotFound;
  return prefix + FEEDBACK_MESSAGES.tryAgain;
}

/**
 * Opens an attachment (in a new tab) or downloads it. Binary answers do not fit the JSON API
 * client, so this fetches with the same bearer token and tenant header.
 */
export async function openAttachment(deps: {
  getAccessToken(): Promise<string | null>;
  tenantId: string;
  feedbackId: string;
  attachment: { id: string; filename: string };
  download: boolean;
}): Promise<void> {
  // Opened before the fetch, while the click still counts as the admin's own (pop-up blockers).
  const tab = deps.download ? null : window.open('', '_blank');
  const token = await deps.getAccessToken();
  const url = `/api/admin/feedback/${encodeURIComponent(deps.feedbackId)}/attachments/${encodeURIComponent(deps.attachment.id)}${deps.download ? '?download=1' : ''}`;
  const res = await fetch(url, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-tenant-id': deps.tenantId } });
  if (!res.ok) {
    tab?.close();
    throw new Error(`The attachment could not be opened (status ${res.status}).`);
  }
  const blob = await res.blob();
  if (deps.download || !tab) {
    saveBlob(blob, deps.attachment.filename);
    return;
  }
  tab.location.href = URL.createObjectURL(blob);
}
