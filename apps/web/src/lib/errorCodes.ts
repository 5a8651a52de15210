import { ERROR_CODES } from '@bree/contracts';
import { CLIENT_ERROR_CODES, isApiError } from './api';

/**
 * The codes a gateway in front of Bree gets when it answers for Bree without Bree's error body
 * (a restart, an overload): the api client names such answers `http_<status>`.
 */
export const GATEWAY_CODES = ['http_500', 'http_502', 'http_503', 'http_504'] as const;

/** No answer at all: the network failed or the request timed out. */
export const NO_ANSWER_CODES = [CLIENT_ERROR_CODES.network, CLIENT_ERROR_CODES.timeout] as const;

/** Failures that may pass by themselves: no answer, a gateway, rate limiting, a crash or sign-in briefly unreachable. */
export const TRANSIENT_CODES: readonly string[] = [
  ...NO_ANSWER_CODES,
  ...GATEWAY_CODES,
  ERROR_CODES.rateLimited,
  ERROR_CODES.internal,
  ERROR_CODES.identityUnavailable,
];

/** True when `error` is an API error with one of these codes (the web branches on codes, never on bare status numbers). */
export function hasErrorCode(error: unknown, ...codes: readonly string[]): boolean {
  return isApiError(error) && codes.includes(error.code);
}
