import { healthSchema, PRODUCT_NAME, publicConfigSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { isDatabaseReachable, type Database } from '../../db/db';

/** Public endpoints: health (database reachable) and what the SPA needs to sign in. */
export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (app, { config, database }) => {
  app.get('/health', { config: { public: true }, schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_req, reply) => {
    const ok = await isDatabaseReachable(database);
    const body = { status: ok ? ('ok' as const) : ('degraded' as const), database: ok ? ('ok' as const) : ('unreachable' as const) };
    return reply.status(ok ? 200 : 503).send(body);
  });

  app.get('/config', { config: { public: true }, schema: { response: { 200: publicConfigSchema } } }, async () => ({
    productName: PRODUCT_NAME,
    oidc: {
      mode: config.oidc.mode,
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      scope: 'openid profile email offline_access',
    },
  }));
};
