import type { ErrorCode } from '@bree/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable';
import { isAppError } from '../lib/errors';
import { DRAIN_LIMIT_FACTOR, drainRejectedBody } from './body-drain';

/** A database that cannot be reached (a restart, a failover) is usually back within seconds. */
const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

interface ErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** Maps any thrown error to a status, a stable code and a message safe to show. Never leaks a stack. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (isAppError(error)) {
    return { status: error.status, code: error.code, message: error.message, headers: error.headers, details: error.details };
  }
  const fe = error as Partial<FastifyError> & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = [...new Set(error.validation.map((v) => fieldName(v.instancePath, v.params)))];
    return {
      status: 400,
      code: 'validation_failed',
      message: `Invalid request: check ${fields.join(', ')}.`,
      details: { fields, issues: error.validation.map((v) => ({ field: fieldName(v.instancePath, v.params), message: v.message })) },
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'This content type is not accepted here.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'invalid_request', message: 'The Content-Length header does not match the body.' };
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, code: 'bad_request', message: fe.message ?? 'Bad request.' };
  }
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      code: 'service_unavailable',
      message: 'Bree is briefly unavailable. Please try again in a moment.',
      headers: { 'retry-after': String(UNREACHABLE_RETRY_AFTER_SECONDS) },
    };
  }
  return { status: 500, code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  if (path) return path;
  return missing ?? 'body';
}

/** Installs the JSON error answer `{ error: { code, message } }` and the /api 404. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.status === 413) {
      // Fastify marks the answer `Connection: close`; closing while the client still uploads
      // resets the connection and loses the 413. Read the rest first, then keep it open.
      const ended = await drainRejectedBody(request.raw, { maxBytes: DRAIN_LIMIT_FACTOR * request.routeOptions.bodyLimit });
      if (ended) reply.removeHeader('connection');
    }
    // Only failures nobody planned for deserve a stack in the log; Bree's own errors (a 503
    // ai_not_configured, a 409 conflict…) are expected answers.
    if (isAppError(error)) request.log[answer.status >= 500 ? 'warn' : 'info']({ code: answer.code, status: answer.status }, 'request answered with an error');
    else if (answer.code === 'service_unavailable') request.log.warn({ err: error }, 'request failed: the database (or a service it needs) cannot be reached');
    else if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: answer.code, status: answer.status }, 'request rejected');
    for (const [k, v] of Object.entries(answer.headers ?? {})) void reply.header(k, v);
    const body: { error: { code: string; message: string; details?: Record<string, unknown> } } = {
      error: { code: answer.code, message: answer.message },
    };
    if (answer.details) body.error.details = answer.details;
    return reply.status(answer.status).type('application/json; charset=utf-8').send(body);
  });
}
