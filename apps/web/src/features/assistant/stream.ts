import { backgroundResponseSchema, createOperationAnswerSchema, ERROR_CODES } from '@bree/contracts';
import type { BackgroundResponse, CreateOperationBody } from '@bree/contracts';
import { ApiError, CLIENT_ERROR_CODES, isApiError, type ApiClient } from '../../lib/api';
import { GATEWAY_CODES, hasErrorCode, NO_ANSWER_CODES } from '../../lib/errorCodes';
import { ulid } from 'ulid';
import { retry } from '../../lib/retry';
import { readSseEvents } from './sse';

/** The operation itself failed (the stream's `error` event): trying again on a new connection would not help. */
export class OperationFailedError extends ApiError {}

export interface StreamInput {
  /** The API client: tenant header, bearer token and its one 401 refresh, as for every call. */
  api: ApiClient;
  /** Follow this operation (GET …/stream), or start one and follow it in the same request. */
  operationId?: string;
  start?: CreateOperationBody;
  /** The start's X-Operation-Id: a start resent after a lost connection follows the first one instead of starting twice. */
  startId?: string;
  signal: AbortSignal;
  onDelta(text: string): void;
  /** The started operation's id, from the start request's first event. */
  onStarted?(operationId: string): void;
}

/** The request of a stream: POST /ai/operations asking for events, or GET /ai/operations/{id}/stream. */
function openStream({ api, operationId, start, startId, signal }: StreamInput): Promise<NonNullable<Response['body']>> {
  if (start) return api.stream('/ai/operations', { method: 'POST', body: start, signal, ...(startId ? { operationId: startId } : {}) });
  return api.stream(`/ai/operations/${encodeURIComponent(operationId ?? '')}/stream`, { signal });
}

/**
 * Reads an operation's server-sent events through the API client (EventSource cannot send the
 * bearer token). Resolves with the stored response on `done`; rejects with an ApiError on
 * `error`, and with a network ApiError when the stream ends early.
 */
export async function streamOperation(input: StreamInput): Promise<BackgroundResponse> {
  const body = await openStream(input);
  for await (const event of readSseEvents(body)) {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    if (event.event === 'started') input.onStarted?.(createOperationAnswerSchema.parse(data).operationId);
    else if (event.event === 'delta' && typeof data.text === 'string') input.onDelta(data.text);
    else if (event.event === 'done') return backgroundResponseSchema.parse(data.response);
    else if (event.event === 'error') {
      throw new OperationFailedError({ status: 502, code: String(data.code ?? 'ai_failed'), message: String(data.message ?? 'The assistant failed.') });
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
  // A 503 from Bree itself (ai_not_configured) is an answer, not a lost connection.
  return hasErrorCode(error, ...NO_ANSWER_CODES, ...GATEWAY_CODES, ERROR_CODES.identityUnavailable);
}

export interface FollowInput extends StreamInput {
  onRestart(): void;
  /** The stream dropped; a reconnection follows. */
  onConnectionLost?(): void;
  /** Injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  stream?: typeof streamOperation;
}

/**
 * Starts (with `start`) or follows an operation to its end across dropped connections. Each new
 * stream replays the operation from its first token, so `onRestart` clears the text shown so far.
 * A start request is never sent twice: once it is lost before the operation's id arrived, there is
 * nothing to follow (a result still comes back later as a background response).
 */
export function followOperation(input: FollowInput): Promise<BackgroundResponse> {
  let operationId = input.operationId;
  // The server answers a repeated start id by following the operation it started (docs/REPLAYS.md).
  const startId = input.startId ?? ulid();
  const onStarted = (id: string) => {
    operationId = id;
    input.onStarted?.(id);
  };
  return retry({
    task: (attempt) => {
      if (attempt > 1) input.onRestart();
      // Each attempt asks the API client for its token again: reconnecting can outlast the one the first stream used.
      // Until the start's 'started' event arrived, reconnecting means sending the same start again.
      const request = !operationId && input.start ? { start: input.start, startId } : { operationId, start: undefined };
      return (input.stream ?? streamOperation)({ ...input, ...request, onStarted });
    },
    attempts: MAX_RECONNECTS + 1,
    shouldRetry: (error) => Boolean(operationId || input.start) && isConnectionLoss(error),
    beforeWait: async () => input.onConnectionLost?.(),
    delayMs: ({ retry: n }) => RECONNECT_DELAYS_MS[n] ?? RECONNECT_MAX_DELAY_MS,
    signal: input.signal,
    ...(input.sleep ? { sleep: input.sleep } : {}),
  });
}
