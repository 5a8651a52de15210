import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonErrors } from '../lib/errors';

/** Names under which a request may carry a tenant id: header, body, query or path. */
const TENANT_KEYS = ['tenantId', 'tenant'] as const;

/** Every tenant id the request claims, wherever it put one. */
export function claimedTenantIds(request: FastifyRequest): string[] {
  const claimed: string[] = [];
  const header = request.headers['x-tenant-id'];
  if (typeof header === 'string') claimed.push(header);
  if (Array.isArray(header)) claimed.push(...header);
  for (const source of [request.body, request.query, request.params]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const key of TENANT_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string') claimed.push(value);
    }
  }
  return claimed;
}

/**
 * The one place tenancy is enforced: any tenant id a request names must be the token's
 * tenant (its `sub`), else 403 tenant_mismatch. Runs before validation so a bad body
 * cannot slip past it.
 */
export function registerTenancy(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.auth) return;
    const tenantId = request.auth.tenantId;
    for (const claimed of claimedTenantIds(request)) {
      if (claimed !== tenantId) throw commonErrors.tenantMismatch();
    }
  });
}
