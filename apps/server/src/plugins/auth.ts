import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonErrors } from '../lib/errors';
import type { AccessTokenVerifier, AuthContext } from '../modules/identity/identity.types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every non-public /api route once the bearer token is verified. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A public route needs no token (health, config, shared documents). */
    public?: boolean;
  }
}

/** The authenticated caller of a protected route; throws 401 if the route forgot to be protected. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw commonErrors.unauthorized();
  return request.auth;
}

/** Whether the route the router matched is an /api route (never the raw URL: `/%61pi/…` matches `/api/…`). */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true;
}

/**
 * Verifies the bearer token of every /api route that is not marked `config.public`. It decides
 * on the route the router matched, which is the decoded path: the raw URL may spell the same
 * route as `/%61pi/…`, `/api//…` or with dot segments (docs/HARDENING.md "Access decided on the route").
 */
export function registerAuth(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // An unknown route (no routeOptions.url) is left to the 404.
    if (!isApiRoute(request) || request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    if (!header) throw commonErrors.unauthorized();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw commonErrors.invalidToken('The Authorization header must be "Bearer <access token>".');
    request.auth = await verifier.verify(match[1]);
  });
}
