import { presenceAnswerSchema, presenceBodySchema, presenceParamsSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import type { PresenceService } from './presence.service';

/**
 * /api/presence/{fileId} (docs/COLLABORATION.md "Presence"): an open editor says it is there every
 * PRESENCE_HEARTBEAT_SECONDS and hears who else has the document open; `/leave` when it closes.
 */
export const presenceRoutes: FastifyPluginAsyncZod<{ presence: PresenceService }> = async (app, { presence }) => {
  // Not replayed: nothing is stored, a repeat changes nothing, and a remembered list of people would be stale.
  app.post(
    '/presence/:fileId',
    { config: { replay: false }, schema: { params: presenceParamsSchema, body: presenceBodySchema, response: { 200: presenceAnswerSchema } } },
    async (req) => presence.here(requireAuth(req), req.params.fileId, req.body.sessionId, req.body.sentAt),
  );

  app.post(
    '/presence/:fileId/leave',
    {
      config: { replay: false },
      schema: { params: presenceParamsSchema, body: presenceBodySchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      await presence.leave(requireAuth(req), req.params.fileId, req.body.sessionId, req.body.sentAt);
      return { success: true as const };
    },
  );
};
