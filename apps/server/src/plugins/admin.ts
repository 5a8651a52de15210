import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../lib/errors';

/** Every route under this prefix is an administrator's, and only this guard decides who passes. */
export const ADMIN_API_PREFIX = '/api/admin/';

/**
 * The one admin guard: a route under /api/admin/ answers 401 without a token (the auth hook,
 * which runs first) and 403 `forbidden` to a signed-in caller who is not an administrator
 * (a verified address listed in ADMIN_EMAILS). Routes there never check it themselves.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // The matched route, never the raw URL: `/api/%61dmin/…` is matched as `/api/admin/…`.
    if (!request.routeOptions.url?.startsWith(ADMIN_API_PREFIX)) return;
    if (!request.auth) throw commonErrors.unauthorized();
    if (!request.auth.isAdmin) throw commonErrors.forbidden('Only administrators of this Bree can do this.');
  });
}
