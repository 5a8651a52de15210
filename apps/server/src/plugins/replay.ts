import { createHash } from 'node:crypto';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '@bree/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commonErrors } from '../lib/errors';
import { replaysErrors } from '../modules/replays/replays.errors';
import type { ReplayClaim, ReplayService, StoredAnswer } from '../modules/replays/replays.service';

/** A remembered answer as a route's own replay sees it: the JSON body parsed. */
export interface ReplayedAnswer {
  status: number;
  body: unknown;
}

export interface ReplayRouteOptions {
  /**
   * Answers a replay itself, e.g. an event stream that follows the operation the first request
   * started; resolves false to let the plugin send the remembered answer as it was.
   */
  answer?(request: FastifyRequest, reply: FastifyReply, remembered: ReplayedAnswer): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: requests to this route are not deduplicated by X-Operation-Id (reads sent as POST,
     * content saves with their own operationId rule). Options: how a replay is answered.
     */
    replay?: false | ReplayRouteOptions;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OPERATION_ID = /^[\x21-\x7e]{1,128}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The header the client names its operation by; one id for the request and all its retries. */
export const OPERATION_ID_HEADER = 'x-operation-id';
/** Set on an answer that was remembered, not computed again. */
export const REPLAYED_HEADER = 'x-operation-replayed';

/** Whether a route deduplicates requests by X-Operation-Id: every mutating, authenticated /api route unless it opts out. */
export function isReplayRoute(route: { method: string; url: string; public: boolean; replay: boolean }): boolean {
  return MUTATING.has(route.method) && route.url.startsWith('/api/') && !route.public && route.replay;
}

/** Deterministic answers are remembered: 2xx and 4xx, but not a 408 or 429 (try again later) nor a 5xx. */
export function isRememberedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);
}

/** JSON with sorted keys, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    );
  } catch (error) {
    // JSON.stringify recurses and a body thousands of levels deep overflows the stack. The depth
    // check refuses such a body first; this keeps any other caller a 400 too, at no cost to the rest.
    if (nestsDeeperThan({ value, maxDepth: MAX_BODY_DEPTH })) throw commonErrors.bodyTooDeep(MAX_BODY_DEPTH);
    throw error;
  }
}

/** What makes two requests the same: method, URL (path and query) and the body as sent. */
export function requestFingerprint({ method, url, body }: { method: string; url: string; body: unknown }): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest('hex');
}

interface ReplayState {
  operationId: string;
  fingerprint: string;
  /** Held while the request runs; null once its answer is remembered or the claim given up. */
  claim: ReplayClaim | null;
}

/** Per request, kept off the request object: the replay plugin's own bookkeeping. */
const states = new WeakMap<FastifyRequest, ReplayState>();

/** Settles a request's claim with its answer: remembered when deterministic, released otherwise. */
async function settle(request: FastifyRequest, answer: StoredAnswer | null): Promise<void> {
  const state = states.get(request);
  const claim = state?.claim;
  if (!state || !claim) return;
  state.claim = null;
  try {
    if (answer && isRememberedStatus(answer.status)) await claim.complete(answer);
    else await claim.release();
  } catch (err) {
    // The answer still goes out; the claim's lease runs out and a retry runs the request again.
    claim.abandon();
    request.log.error({ err, operationId: state.operationId }, 'could not remember the answer of an operation');
  }
}

/**
 * For a route that answers by streaming (a hijacked reply never reaches onSend): remembers the
 * JSON answer its replays stand on, before the stream starts. A no-op without an operation id.
 */
export async function rememberAnswer(request: FastifyRequest, answer: ReplayedAnswer): Promise<void> {
  await settle(request, { status: answer.status, contentType: JSON_TYPE, body: JSON.stringify(answer.body) });
}

/** The text of an answer payload, or null when it cannot be kept as text (a stream, binary data). */
function payloadText(payload: unknown, contentType: string): string | null {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload) && /json|^text\//i.test(contentType)) return payload.toString('utf8');
  return null;
}

/** Sends a remembered answer: the route's own replay first (event streams), else the stored status, type and body. */
async function sendReplay(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): Promise<void> {
  const options = request.routeOptions.config.replay;
  if (options && options.answer && answer.contentType.includes('json')) {
    if (await options.answer(request, reply, { status: answer.status, body: JSON.parse(answer.body) as unknown })) return;
  }
  void reply.code(answer.status).header('content-type', answer.contentType).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/**
 * Every mutating, authenticated /api request carrying `X-Operation-Id` is answered once
 * (docs/REPLAYS.md): the same request again within 24 h gets the first answer back without a
 * second write, also while the first is still running in any Bree process; another request
 * with the same id gets 409 operation_id_reused. Routes opt out with `config: { replay: false }`.
 * Register after auth and tenancy: a refused request never claims an id.
 */
export function registerReplay(app: FastifyInstance, replays: ReplayService): void {
  // Before validation, so the fingerprint is of the body as the client sent it (not as defaults fill it in).
  app.addHook('preValidation', async (request) => {
    const header = request.headers[OPERATION_ID_HEADER];
    if (header === undefined || !request.auth || !MUTATING.has(request.method)) return;
    if (request.routeOptions.config.replay === false) return;
    if (typeof header !== 'string' || !OPERATION_ID.test(header)) throw replaysErrors.invalidId();
    states.set(request, {
      operationId: header,
      fingerprint: requestFingerprint({ method: request.method, url: request.url, body: request.body }),
      claim: null,
    });
  });

  // After validation: an invalid request claims nothing (it would fail the same way again).
  app.addHook('preHandler', async (request, reply) => {
    const state = states.get(request);
    if (!state || !request.auth) return;
    const outcome = await replays.begin({
      tenantId: request.auth.tenantId,
      operationId: state.operationId,
      fingerprint: state.fingerprint,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    });
    switch (outcome.kind) {
      case 'run':
        state.claim = outcome.claim;
        // A reply that ends without reaching onSend (a hijacked stream that remembered nothing, a
        // dropped connection) stops renewing the claim; its lease then runs out.
        reply.raw.once('close', () => state.claim?.abandon());
        return;
      case 'replay':
        await sendReplay(request, reply, outcome.answer);
        return reply;
      case 'reused':
        throw replaysErrors.reused();
      case 'busy':
        throw replaysErrors.inProgress(outcome.retryAfterSeconds);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    if (!state?.claim) return payload;
    const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
    const body = payloadText(payload, contentType);
    if (body === null) request.log.warn({ operationId: state.operationId }, 'an answer that is not text cannot be replayed');
    await settle(request, body === null ? null : { status: reply.statusCode, contentType, body });
    return payload;
  });
}
