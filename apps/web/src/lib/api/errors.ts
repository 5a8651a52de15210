import { errorBodySchema } from '@bree/contracts';

/** Client-side codes for failures that never got an API answer. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  timeout: 'timeout',
  invalidResponse: 'invalid_response',
  sessionExpired: 'session_expired',
} as const;

/** Every failed API call rejects with this: HTTP status (0 without a response), stable code, message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly operationId: string | undefined;
  /** The server's `error.details`, kept so a caller needs no second request (a 409 carries the current text). */
  readonly details: Record<string, unknown> | undefined;
  /** The answer's Retry-After in milliseconds (capped), for a caller that retries under its own rule. */
  readonly retryAfterMs: number | undefined;

  constructor({
    status,
    code,
    message,
    operationId,
    details,
    retryAfterMs,
    cause,
  }: {
    status: number;
    code: string;
    message: string;
    operationId?: string;
    details?: Record<string, unknown>;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.operationId = operationId;
    this.details = details;
    this.retryAfterMs = retryAfterMs;
  }
}

/** True when a value is an ApiError (also across module copies). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Builds an ApiError from a non-2xx answer, reading `{ error: { code, message } }` when present. */
export function apiErrorFromBody(status: number, body: unknown, statusText: string, operationId?: string, retryAfterMs?: number): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError({ status, code, message, operationId, retryAfterMs, ...(details ? { details } : {}) });
  }
  return new ApiError({
    status,
    code: `http_${status}`,
    message: statusText || `Request failed with status ${status}`,
    operationId,
    retryAfterMs,
  });
}
