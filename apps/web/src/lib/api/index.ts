export { createApiClient, SESSION_EXPIRED_MESSAGE, singleTry } from './client';
export type { ApiClient, ApiClientDeps, HttpMethod, RequestOptions, Schema, StreamOptions } from './client';
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './errors';
export { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry';
