import {
  AI_NOT_SET_UP,
  aiProviderStatusAnswerSchema,
  backgroundResponsesAnswerSchema,
  cancelOperationAnswerSchema,
  ERROR_CODES,
  setAiProviderAnswerSchema,
} from '@bree/contracts';
import type { AiTier, BackgroundResponse } from '@bree/contracts';
import { isApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';

/** The budget message of docs/PRODUCT.md#assistant, shown for budget_exceeded or a failed local check. */
export const BUDGET_MESSAGE = 'Budget limit exceeded. Please upgrade your plan to continue.';

/** GET /background-responses/{documentId}: results that finished while nobody was watching. */
export async function listBackgroundResponses(api: ApiClient, documentId: string): Promise<BackgroundResponse[]> {
  const answer = await api.get(`/background-responses/${encodeURIComponent(documentId)}`, { schema: backgroundResponsesAnswerSchema });
  return answer.responses;
}

/** DELETE /background-responses/{documentId}/{operationId}, after the author decided. */
export async function deleteBackgroundResponse(api: ApiClient, documentId: string, operationId: string): Promise<void> {
  await api.delete(`/background-responses/${encodeURIComponent(documentId)}/${encodeURIComponent(operationId)}`);
}

/** POST /ai/operations/{id}/cancel: stops a generation the writer no longer wants (docs/ASSISTANT.md "Ask AI"). */
export async function cancelOperation(api: ApiClient, operationId: string): Promise<void> {
  await api.post(`/ai/operations/${encodeURIComponent(operationId)}/cancel`, {}, { schema: cancelOperationAnswerSchema });
}

/** GET /ai-provider/status/{fileId}. */
export function getProviderStatus(api: ApiClient, fileId: string) {
  return api.get(`/ai-provider/status/${encodeURIComponent(fileId)}`, { schema: aiProviderStatusAnswerSchema });
}

/** POST /ai-provider/set: the document's Fast/Premium override. */
export function setProviderOverride(api: ApiClient, fileId: string, provider: AiTier) {
  return api.post('/ai-provider/set', { fileId, provider }, { schema: setAiProviderAnswerSchema });
}

/** PUT /ai-provider/default: the account-wide default tier. */
export function setDefaultProvider(api: ApiClient, provider: AiTier) {
  return api.put('/ai-provider/default', { provider }, { schema: setAiProviderAnswerSchema });
}

/** The text to show for a failed action: budget and configuration errors keep the server's meaning. */
export function assistantErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === ERROR_CODES.budgetExceeded) return BUDGET_MESSAGE;
    if (error.code === ERROR_CODES.aiNotConfigured) return `${AI_NOT_SET_UP}.`;
    return error.message;
  }
  return 'The assistant could not finish. Please try again.';
}
