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

  constructor({ status, code, message, operationId, cause }: { status: number; code: string; message: string; operationId?: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.operationId = operationId;
  }
}

/** True when a value is an ApiError (also across module copies). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Builds an ApiError from a non-2xx answer, reading `{ error: { code, message } }` when present. */
export function apiErrorFromBody(status: number, body: unknown, statusText: string, operationId?: string): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ status, code: parsed.data.error.code, message: parsed.data.error.message, operationId });
  }
  return new ApiError({
    status,
    code: `http_${status}`,
    message: statusText || `Request failed with status ${status}`,
    operationId,
  });
}
