import type { ErrorCode } from '@bree/contracts';

/** An error with a stable code and an HTTP status; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown> | undefined;

  constructor(opts: { status: number; code: ErrorCode; message: string; headers?: Record<string, string>; details?: Record<string, unknown> }) {
    super(opts.message);
    this.name = 'AppError';
    this.status = opts.status;
    this.code = opts.code;
    this.headers = opts.headers ?? {};
    this.details = opts.details;
  }
}

/** True for errors raised on purpose by Bree's own code. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The errors every domain shares. Domain-specific ones live in <domain>.errors.ts. */
export const commonErrors = {
  unauthorized: (message = 'Sign-in required: send a valid bearer access token.') => new AppError({ status: 401, code: 'unauthorized', message }),
  invalidToken: (message = 'The access token is invalid or has expired. Sign in again.') => new AppError({ status: 401, code: 'invalid_token', message }),
  tenantMismatch: () =>
    new AppError({
      status: 403,
      code: 'tenant_mismatch',
      message: 'The tenant in this request does not match the signed-in account.',
    }),
  forbidden: (message = 'You do not have permission to do this.') => new AppError({ status: 403, code: 'forbidden', message }),
  notFound: (message = 'Not found.') => new AppError({ status: 404, code: 'not_found', message }),
  invalidText: (field: string) =>
    new AppError({
      status: 400,
      code: 'invalid_text',
      message: `The field '${field}' holds characters that cannot be stored (a NUL character or a broken surrogate pair). Remove them and try again.`,
      details: { field },
    }),
  /** A JSON body nested deeper than any request of Bree's can be (docs/HARDENING.md "Deep nesting"); a document is the one deep thing Bree takes. */
  bodyTooDeep: (maxDepth: number) =>
    new AppError({
      status: 400,
      code: 'document_too_deep',
      message: `The request is nested more than ${maxDepth} levels deep, deeper than any document Bree can store.`,
      details: { maxDepth },
    }),
  rateLimited: (retryAfterSeconds: number, message: string) =>
    new AppError({
      status: 429,
      code: 'rate_limited',
      message,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  unavailable: (code: ErrorCode, message: string) => new AppError({ status: 503, code, message }),
};
