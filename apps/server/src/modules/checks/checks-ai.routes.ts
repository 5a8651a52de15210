import { aiChecksAnswerSchema, aiChecksBodySchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closedByClient } from '../../lib/sse';
import { requireAuth } from '../../plugins/auth';
import type { AiChecksService } from './checks-ai.service';

export interface ChecksAiRouteDeps {
  aiChecks: AiChecksService;
}

/** POST /api/checks/ai: one metered AI read of the document's or the selection's blocks (docs/CHECKS.md "AI checks"). */
export const checksAiRoutes: FastifyPluginAsyncZod<ChecksAiRouteDeps> = async (app, { aiChecks }) => {
  app.post('/checks/ai', { schema: { body: aiChecksBodySchema, response: { 200: aiChecksAnswerSchema } } }, async (req, reply) => {
    const { tenantId } = requireAuth(req);
    // An author who leaves stops the call: what the model produced so far is metered, nothing is answered.
    return aiChecks.run({ tenantId, body: req.body, signal: closedByClient(reply.raw) });
  });
};
