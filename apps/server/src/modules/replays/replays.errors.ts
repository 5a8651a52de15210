import { ERROR_CODES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of replayable requests (X-Operation-Id), each with a stable code. */
export const replaysErrors = {
  reused: () =>
    new AppError({
      status: 409,
      code: ERROR_CODES.operationIdReused,
      message: 'This operation id was already used for a different request. Send a new X-Operation-Id for a new operation.',
    }),
  /** 503 so clients retry it like any transient failure (the web client retries a 5xx once, after Retry-After). */
  inProgress: (retryAfterSeconds: number) =>
    new AppError({
      status: 503,
      code: ERROR_CODES.operationInProgress,
      message: 'This operation is still running. Try again in a moment to get its answer.',
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  invalidId: () =>
    new AppError({
      status: 400,
      code: ERROR_CODES.validationFailed,
      message: 'Invalid request: X-Operation-Id must be 1 to 128 visible ASCII characters.',
      details: { fields: ['X-Operation-Id'] },
    }),
};
