import {
  initializeTenantBodySchema,
  initializeTenantResponseSchema,
  tenantStatusSchema,
  userProfileBodySchema,
  userProfileResponseSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { presentProfile } from './tenants.presenter';
import type { TenantsService } from './tenants.service';

/** GET /tenant/status, POST /tenant/initialize, PUT /users/profile. */
export const tenantsRoutes: FastifyPluginAsyncZod<{ service: TenantsService }> = async (app, { service }) => {
  app.get('/tenant/status', { schema: { response: { 200: tenantStatusSchema } } }, async (request) => {
    const { tenantId } = requireAuth(request);
    return service.getStatus({ tenantId });
  });

  app.post('/tenant/initialize', { schema: { body: initializeTenantBodySchema, response: { 200: initializeTenantResponseSchema } } }, async (request) => {
    const { tenantId } = requireAuth(request);
    const result = await service.initialize({ tenantId });
    return { success: true as const, tenantId, initialized: true as const, created: result.created };
  });

  app.put('/users/profile', { schema: { body: userProfileBodySchema, response: { 200: userProfileResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    // The address counts as verified only when the signed-in token vouches for this very address:
    // Bree mails it (docs/BILLING.md#notices), so the browser's word alone is not enough.
    const vouched = auth.emailVerified && auth.email?.trim().toLowerCase() === request.body.email.trim().toLowerCase();
    const row = await service.updateProfile({ tenantId: auth.tenantId, ...request.body, emailVerified: vouched });
    return { success: true as const, profile: presentProfile(row) };
  });
};
