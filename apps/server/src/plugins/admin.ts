import type { AdminAuditAction } from '@bree/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonErrors } from '../lib/errors';
import type { AuditEvent } from '../modules/admin/admin.audit';
import { REPLAYED_HEADER } from './replay';

/** Every route under this prefix is an administrator's, and only this guard decides who passes. */
export const ADMIN_API_PREFIX = '/api/admin/';

/** What an audited admin route records once it succeeded: its action, and what it was done to. */
export interface AuditedRoute {
  action: AdminAuditAction;
  target?(request: FastifyRequest): string | null;
  detail?(request: FastifyRequest): Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An admin action the audit log records (docs/OPERATIONS.md "Audit log"). */
    audit?: AuditedRoute;
  }
}

/**
 * The one admin guard: a route under /api/admin/ answers 401 without a token (the auth hook,
 * which runs first) and 403 `forbidden` to a signed-in caller who is not an administrator
 * (a verified address listed in ADMIN_EMAILS). Routes there never check it themselves.
 * An admin route marked `config.audit` is recorded in the audit log once it answered 2xx, before
 * the answer leaves, so an administrator who sees the answer finds the entry.
 */
export function registerAdminGuard(app: FastifyInstance, { audit }: { audit?: { record(event: AuditEvent): Promise<void> } } = {}): void {
  // The matched route, never the raw URL: `/api/%61dmin/…` is matched as `/api/admin/…`.
  const isAdminRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith(ADMIN_API_PREFIX) === true;
  app.addHook('onRequest', async (request) => {
    if (!isAdminRoute(request)) return;
    if (!request.auth) throw commonErrors.unauthorized();
    if (!request.auth.isAdmin) throw commonErrors.forbidden('Only administrators of this Bree can do this.');
  });
  if (!audit) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const audited = request.routeOptions.config?.audit;
    if (!audited || !isAdminRoute(request) || !request.auth?.isAdmin || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    // A retried X-Operation-Id is answered from memory: nothing was done again, and the first answer was recorded.
    if (reply.getHeader(REPLAYED_HEADER) === 'true') return payload;
    try {
      await audit.record({
        actorTenantId: request.auth.tenantId,
        actorEmail: request.auth.email ?? null,
        action: audited.action,
        target: audited.target?.(request) ?? null,
        ...(audited.detail ? { detail: audited.detail(request) } : {}),
      });
    } catch (err) {
      // The action itself is done and answered; a missing entry is told to the operator's log.
      request.log.error({ err, action: audited.action }, 'recording an admin action in the audit log failed');
    }
    return payload;
  });
}

/** An audited route's target: one of its path parameters, as the router matched it. */
export const auditParam =
  (name: string) =>
  (request: FastifyRequest): string | null =>
    (request.params as Record<string, string | undefined>)[name] ?? null;

/** An audited route's detail: the fields of its validated body named here (never a document's text). */
export const auditBody =
  (...fields: string[]) =>
  (request: FastifyRequest): Record<string, unknown> => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  };
