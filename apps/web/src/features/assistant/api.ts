import {
  API_CLIENT,
  aiProviderStatusAnswerSchema,
  backgroundResponseSchema,
  backgroundResponsesAnswerSchema,
  createOperationAnswerSchema,
  setAiProviderAnswerSchema,
} from '@bree/contracts';
import type { AiTier, BackgroundResponse, CreateOperationBody } from '@bree/contracts';
import { ApiError, CLIENT_ERROR_CODES, isApiError } from '../../lib/api';
import { apiErrorFromBody } from '../../lib/api/errors';
import type { ApiClient } from '../../lib/api';
import { createSseParser } from './sse';

/** The budget message of spec 2 §5, shown for a 402 or a failed local check. */
export const BUDGET_MESSAGE = 'Budget limit exceeded. Please upgrade your plan to continue.';

/** POST /ai/operations: starts a generation; the result is read from the stream. */
export function startOperation(api: ApiClient, body: CreateOperationBody): Promise<{ operationId: string; tier: AiTier }> {
  return api.post('/ai/operations', body, { schema: createOperationAnswerSchema });
}

/** The operation itself failed (the stream's `error` event): trying again on a new connection would not help. */
export class OperationFailedError extends ApiError {}

export interface StreamInput {
  operationId: string;
  token: string | null;
  tenantId: string;
  signal: AbortSignal;
  onDelta(text: string): void;
}

/**
 * Reads GET /ai/operations/{id}/stream with fetch, because EventSource cannot send the bearer
 * token. Resolves with the stored response on `done`; rejects with an ApiError on `error`.
 */
export async function streamOperation({ operationId, token, tenantId, signal, onDelta }: StreamInput): Promise<BackgroundResponse> {
  const res = await fetch(`${API_CLIENT.baseUrl}/ai/operations/${encodeURIComponent(operationId)}/stream`, {
    headers: { Accept: 'text/event-stream', 'X-Tenant-Id': tenantId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      /* not JSON: the status text is used */
    }
    throw apiErrorFromBody(res.status, body, res.statusText);
  }
  const parser = createSseParser();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const event of parser.push(value)) {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.event === 'delta' && typeof data.text === 'string') onDelta(data.text);
      else if (event.event === 'done') return backgroundResponseSchema.parse(data.response);
      else if (event.event === 'error') {
        throw new OperationFailedError({ status: 502, code: String(data.code ?? 'ai_failed'), message: String(data.message ?? 'The assistant failed.') });
      }
    }
  }
  throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The assistant stream ended before the answer was complete.' });
}

/** Reconnects after a dropped stream: a restarted Bree hands the job to the next process within seconds. */
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000];
const RECONNECT_MAX_DELAY_MS = 5_000;
/** About three minutes of trying, longer than any restart; then the author is told. */
const MAX_RECONNECTS = 40;

/** A dropped connection or a gateway answer during a restart, as opposed to the operation failing. */
function isConnectionLoss(error: unknown): boolean {
  if (error instanceof OperationFailedError) return false;
  if (!isApiError(error)) return error instanceof TypeError;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

export interface FollowInput extends Omit<StreamInput, 'token'> {
  getToken(): Promise<string | null>;
  onRestart(): void;
  /** The stream dropped; a reconnection follows. */
  onConnectionLost?(): void;
  /** Injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  stream?: typeof streamOperation;
}

/**
 * Follows an operation to its end across dropped connections. Each new stream replays the
 * operation from its first token, so `onRestart` clears the text shown so far before it does.
 */
export async function followOperation(input: FollowInput): Promise<BackgroundResponse> {
  const sleep = input.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      // A fresh token each time: reconnecting can outlast the one the first stream used.
      return await (input.stream ?? streamOperation)({ ...input, token: await input.getToken() });
    } catch (error) {
      if (input.signal.aborted || !isConnectionLoss(error) || attempt >= MAX_RECONNECTS) throw error;
      input.onConnectionLost?.();
      await sleep(RECONNECT_DELAYS_MS[attempt] ?? RECONNECT_MAX_DELAY_MS);
      if (input.signal.aborted) throw error;
      input.onRestart();
    }
  }
}

/** GET /background-responses/{documentId}: results that finished while nobody was watching. */
export async function listBackgroundResponses(api: ApiClient, documentId: string): Promise<BackgroundResponse[]> {
  const answer = await api.get(`/background-responses/${encodeURIComponent(documentId)}`, { schema: backgroundResponsesAnswerSchema });
  return answer.responses;
}

/** DELETE /background-responses/{documentId}/{operationId}, after the author decided. */
export async function deleteBackgroundResponse(api: ApiClient, documentId: string, operationId: string): Promise<void> {
  await api.delete(`/background-responses/${encodeURIComponent(documentId)}/${encodeURIComponent(operationId)}`);
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
    if (error.status === 402 || error.code === 'budget_exceeded') return BUDGET_MESSAGE;
    return error.message;
  }
  return 'The assistant could not finish. Please try again.';
}
