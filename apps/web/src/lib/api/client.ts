import { API_CLIENT, loadZodMessages } from '@bree/contracts';
import { ulid } from 'ulid';
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromBody, isApiError } from './errors';
import { abortError, retry, wait } from '../retry';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry';

/** Anything with zod's safeParse shape; keeps this module free of a direct zod import. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the 2xx answer; a mismatch rejects with code invalid_response. */
  schema?: Schema<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Reuse an operation id (idempotent saves); a fresh ULID otherwise. */
  operationId?: string;
  /** false: one try, for a caller that retries under its own rule (retrying both ways multiplies the tries). */
  retry?: boolean;
  /** fetch's keepalive: the request outlives the page (a save sent while it closes; docs/SAVING.md). The body must stay under 64 KB. */
  keepalive?: boolean;
}

export interface StreamOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Until the answer's headers arrive; the stream itself runs as long as the server sends. */
  timeoutMs?: number;
  /** Sent as X-Operation-Id only when given: a stream is never sent twice, so it needs no replay id. */
  operationId?: string;
}

export interface ApiClientDeps {
  getAccessToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Drops the cached token so the next getAccessToken cannot hand back the rejected one. */
  invalidateToken(): void;
  getTenantId(): string;
  /** Called when a 401 could not be cured by a fresh token. */
  onSessionExpired(): void;
  baseUrl?: string;
  fetch?: typeof fetch;
  newOperationId?: () => string;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  defaultTimeoutMs?: number;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * Opens a streamed answer (server-sent events) with the same tenant and bearer headers and the
   * same one-time 401 refresh as every call; resolves with the body once a 2xx arrived, rejects
   * with an ApiError otherwise. Not retried on network errors: the caller decides how to reconnect.
   */
  stream(path: string, options?: StreamOptions): Promise<NonNullable<Response['body']>>;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

interface RawAnswer {
  status: number;
  statusText: string;
  ok: boolean;
  retryAfterMs: number | undefined;
  body: unknown;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates the /api client: tenant + operation id + bearer headers, timeout, one transient retry (`lib/retry.ts`), 401 refresh. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_CLIENT.baseUrl;
  const fetchImpl = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const newOperationId = deps.newOperationId ?? (() => ulid());
  const sleep = deps.sleep ?? wait;
  const random = deps.random ?? Math.random;
  const defaultTimeoutMs = deps.defaultTimeoutMs ?? API_CLIENT.defaultTimeoutMs;

  /**
   * Runs one fetch under a timeout, naming a failure without an answer as a network or timeout
   * ApiError (the caller's own cancel stays an AbortError). `read` decides how much of the answer
   * the timeout covers; with `forwardAfter`, the caller's signal still aborts a body read later.
   */
  async function timed<T>(
    request: { url: string; init: RequestInit; timeoutMs: number; signal?: AbortSignal; operationId?: string; forwardAfter?: boolean },
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    const { url, init, timeoutMs, signal, operationId } = request;
    if (signal?.aborted) throw abortError();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      return await read(await fetchImpl(url, { ...init, signal: controller.signal }));
    } catch (error) {
      // The caller's own cancel is not a failure to retry or report.
      if (signal?.aborted) throw error;
      const message = timedOut ? `Request timed out after ${timeoutMs} ms` : 'Network error: the server could not be reached';
      throw new ApiError({ status: 0, code: timedOut ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network, message, operationId, cause: error });
    } finally {
      clearTimeout(timer);
      if (!request.forwardAfter) signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** One HTTP exchange; the timeout covers reading the body, too. */
  function exchange(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal, operationId?: string): Promise<RawAnswer> {
    return timed({ url, init, timeoutMs, signal, operationId }, async (res) => ({
      status: res.status,
      statusText: res.statusText,
      ok: res.ok,
      retryAfterMs: parseRetryAfter(res.headers.get('Retry-After')) ?? undefined,
      body: parseBody(init.method === 'HEAD' ? '' : await res.text()),
    }));
  }

  /** After a 401: a fresh token once, or the session has expired. */
  async function refreshedToken(operationId?: string): Promise<string> {
    deps.invalidateToken();
    const token = await deps.getAccessToken({ forceRefresh: true });
    if (token) return token;
    deps.onSessionExpired();
    throw new ApiError({ status: 401, code: CLIENT_ERROR_CODES.sessionExpired, message: SESSION_EXPIRED_MESSAGE, operationId });
  }

  /** Fetches until the answer's headers arrive (the timeout covers only that); the caller's signal still ends the body later. */
  function open(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal, operationId?: string): Promise<Response> {
    return timed({ url, init, timeoutMs, signal, operationId, forwardAfter: true }, async (res) => res);
  }

  async function stream(path: string, options: StreamOptions = {}): Promise<NonNullable<Response['body']>> {
    const { method = 'GET', body, signal, operationId } = options;
    let token = await deps.getAccessToken();
    for (let authRetryUsed = false; ; authRetryUsed = true) {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'X-Tenant-Id': deps.getTenantId(),
        ...(operationId ? { 'X-Operation-Id': operationId } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      };
      const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
      const res = await open(`${baseUrl}${path}`, init, options.timeoutMs ?? defaultTimeoutMs, signal, operationId);
      if (res.status === 401 && !authRetryUsed) {
        await res.body?.cancel().catch(() => undefined);
        token = await refreshedToken(operationId);
        continue;
      }
      if (res.ok && res.body) return res.body;
      const text = await res.text().catch(() => '');
      throw apiErrorFromBody(res.status, parseBody(text), res.statusText, operationId);
    }
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, schema, signal, auth = true } = options;
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    // One id for the whole logical operation, retries included, so the server can deduplicate.
    const operationId = options.operationId ?? newOperationId();
    const url = `${baseUrl}${path}`;
    const isRawBody = body instanceof FormData || body instanceof Blob;

    let token = auth ? await deps.getAccessToken() : null;
    let authRetryUsed = false;

    /** One try: a failure without an answer or a non-2xx answer rejects; a 401 is cured once by a fresh token. */
    async function exchangeOnce(): Promise<RawAnswer> {
      for (;;) {
        const headers: Record<string, string> = {
          Accept: 'application/json',
          'X-Tenant-Id': deps.getTenantId(),
          'X-Operation-Id': operationId,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined && !isRawBody ? { 'Content-Type': 'application/json' } : {}),
          ...options.headers,
        };
        const init: RequestInit = {
          method,
          headers,
          ...(body === undefined ? {} : { body: isRawBody ? (body as FormData | Blob) : JSON.stringify(body) }),
          ...(options.keepalive ? { keepalive: true } : {}),
        };
        const answer = await exchange(url, init, timeoutMs, signal, operationId);
        if (answer.status === 401 && auth && !authRetryUsed) {
          authRetryUsed = true;
          token = await refreshedToken(operationId);
          continue;
        }
        if (!answer.ok) throw apiErrorFromBody(answer.status, answer.body, answer.statusText, operationId, answer.retryAfterMs);
        return answer;
      }
    }

    // One more try after no answer (network, timeout) or a 429/502/503/504, after Retry-After or 500–1000 ms.
    const answer = await retry({
      task: exchangeOnce,
      attempts: options.retry === false ? 1 : 2,
      shouldRetry: (error) => isApiError(error) && (error.status === 0 || isRetryableStatus(error.status)),
      delayMs: ({ error }) => retryDelayMs((error as ApiError).retryAfterMs, random),
      sleep,
      ...(signal ? { signal } : {}),
    });
    if (!schema) return answer.body as T;
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      // Worded in English, as before the contracts moved to zod/mini (its messages load on demand).
      await loadZodMessages();
      const worded = schema.safeParse(answer.body);
      throw new ApiError({
        status: answer.status,
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: `Unexpected response from ${method} ${path}: ${(worded.success ? parsed : worded).error.message}`,
        operationId,
      });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    stream,
  };
}

/** The same client with its own retry off, for a caller whose product rule retries the call itself: each failure is then retried by one rule only. */
export function singleTry(api: ApiClient): ApiClient {
  const once = <T>(options?: RequestOptions<T>): RequestOptions<T> => ({ ...options, retry: false });
  return {
    ...api,
    request: (path, options) => api.request(path, once(options)),
    get: (path, options) => api.get(path, once(options)),
    post: (path, body, options) => api.post(path, body, once(options)),
    put: (path, body, options) => api.put(path, body, once(options)),
    patch: (path, body, options) => api.patch(path, body, once(options)),
    delete: (path, options) => api.delete(path, once(options)),
  };
}
