import { adminAuditAnswerSchema, adminAuditQuerySchema, aiSwitchAnswerSchema, aiSwitchSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AiSwitch } from '../ai/ai.switch';
import type { AdminAudit } from './admin.audit';

/**
 * The installation's AI switch and the audit log (docs/OPERATIONS.md). Behind the one admin guard
 * (plugins/admin.ts), which also records the switch's use in the log.
 */
export const adminOpsRoutes: FastifyPluginAsyncZod<{ aiSwitch: Pick<AiSwitch, 'current' | 'set'>; audit: Pick<AdminAudit, 'list'> }> = async (
  app,
  { aiSwitch, audit },
) => {
  app.get('/admin/ai-switch', { schema: { response: { 200: aiSwitchAnswerSchema } } }, async () => ({ aiSwitch: aiSwitch.current() }));

  app.put(
    '/admin/ai-switch',
    {
      schema: { body: aiSwitchSchema, response: { 200: aiSwitchAnswerSchema } },
      config: { audit: { action: 'ai.switch', detail: (req) => ({ ...(req.body as object) }) } },
    },
    async (req) => ({ aiSwitch: await aiSwitch.set(req.body) }),
  );

  app.get('/admin/audit-log', { schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditAnswerSchema } } }, async (req) =>
    audit.list({ cursor: req.query.cursor }),
  );
};
