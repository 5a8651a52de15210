import { aiConfigSchema, healthSchema, publicConfigSchema, readinessSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { isDatabaseReachable, type Database } from '../../db/db';
import { requireAuth } from '../../plugins/auth';
import { presentAiConfig, type AiSetup } from '../ai/ai.setup';
import { switchedSetup, type AiSwitch } from '../ai/ai.switch';
import type { Lifecycle } from './system.lifecycle';
import { presentPublicConfig } from './system.public-config';

/** Health (database reachable), readiness, what the SPA needs to sign in, and, once signed in, which AI tiers this server has. */
export const systemRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: Database;
  aiSetup: AiSetup;
  /** The administrators' switch: a part turned off is answered as unavailable, like one without a provider. */
  aiSwitch?: Pick<AiSwitch, 'tierOff' | 'dictationOff'>;
  lifecycle: Lifecycle;
}> = async (app, { config, database, aiSetup, aiSwitch, lifecycle }) => {
  app.get('/health', { config: { public: true }, schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_req, reply) => {
    const ok = await isDatabaseReachable(database);
    const body = { status: ok ? ('ok' as const) : ('degraded' as const), database: ok ? ('ok' as const) : ('unreachable' as const) };
    return reply.status(ok ? 200 : 503).send(body);
  });

  // What a load balancer routes by: a draining process answers 503 so new requests go elsewhere (docs/DEPLOY.md).
  app.get('/ready', { config: { public: true }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } }, async (_req, reply) => {
    const databaseOk = await isDatabaseReachable(database);
    const draining = lifecycle.isDraining();
    const ready = databaseOk && !draining;
    const body = { status: ready ? ('ready' as const) : ('unavailable' as const), database: databaseOk ? ('ok' as const) : ('unreachable' as const), draining };
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/config', { config: { public: true }, schema: { response: { 200: publicConfigSchema } } }, async () => presentPublicConfig(config));

  // Signed in: the editor reads it before any AI button is pressed. Operator notes (variables to set) go to administrators only.
  app.get('/config/ai', { schema: { response: { 200: aiConfigSchema } } }, async (req) =>
    presentAiConfig(aiSwitch ? switchedSetup(aiSetup, aiSwitch) : aiSetup, { isAdmin: requireAuth(req).isAdmin }),
  );
};
