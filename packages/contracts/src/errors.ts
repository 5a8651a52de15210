import { z } from 'zod';

/** Every error answer of the API has this shape. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable error codes the client may branch on. */
export const ERROR_CODES = {
  unauthorized: 'unauthorized',
  invalidToken: 'invalid_token',
  tenantMismatch: 'tenant_mismatch',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** 409: the X-Operation-Id was already used (within 24 h) for a different request. */
  operationIdReused: 'operation_id_reused',
  /** 503 with Retry-After: the first request with this X-Operation-Id is still running. */
  operationInProgress: 'operation_in_progress',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
