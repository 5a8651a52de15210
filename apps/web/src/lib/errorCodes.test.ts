import { describe, expect, it } from 'vitest';
import { isTransientFailure } from '../features/documents/api';
import { ApiError } from './api';
import { hasErrorCode } from './errorCodes';

const apiError = (status: number, code: string) => new ApiError({ status, code, message: code });

describe('branching on error codes', () => {
  it('matches an API error by code, whatever its status', () => {
    expect(hasErrorCode(apiError(404, 'file_not_found'), 'file_not_found')).toBe(true);
    expect(hasErrorCode(apiError(404, 'not_found'), 'file_not_found')).toBe(false);
    expect(hasErrorCode(new Error('file_not_found'), 'file_not_found')).toBe(false);
  });

  it('retries file operations on no answer, gateways, rate limits and crashes, not on answers a retry cannot change', () => {
    for (const [status, code] of [
      [0, 'network_error'],
      [0, 'timeout'],
      [429, 'rate_limited'],
      [500, 'internal_error'],
      [502, 'http_502'],
      [503, 'identity_unavailable'],
    ] as const) {
      expect(isTransientFailure(apiError(status, code))).toBe(true);
    }
    for (const [status, code] of [
      [409, 'path_exists'],
      [404, 'file_not_found'],
      [503, 'ai_not_configured'],
      [402, 'budget_exceeded'],
    ] as const) {
      expect(isTransientFailure(apiError(status, code))).toBe(false);
    }
  });
});
