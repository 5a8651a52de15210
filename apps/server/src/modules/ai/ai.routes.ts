import {
  aiProviderStatusAnswerSchema,
  backgroundResponsesAnswerSchema,
  createAlternativesAnswerSchema,
  createAlternativesBodySchema,
  cancelOperationAnswerSchema,
  createOperationAnswerSchema,
  createOperationBodySchema,
  deleteBackgroundResponseAnswerSchema,
  setAiProviderAnswerSchema,
  setAiProviderBodySchema,
  setDefaultAiProviderBodySchema,
  type OperationStreamEvent,
} from '@bree/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEventStreams, wantsEventStream } from '../../lib/sse';
import { requireAuth } from '../../plugins/auth';
import { rememberAnswer, type ReplayRouteOptions } from '../../plugins/replay';
import type { AiProviderService } from './ai-provider.service';
import { aiErrors } from './ai.errors';
import type { AiService } from './operations/operations.service';

export interface AiRouteDeps {
  ai: AiService;
  providers: AiProviderService;
}

const idParam = z.string().min(1).max(64);

/** AI operations, their event stream, background responses and the Fast/Premium choice (docs/PRODUCT.md#assistant). */
export const aiRoutes: FastifyPluginAsyncZod<AiRouteDeps> = async (app, { ai, providers }) => {
  // A shutdown ends the event streams still open (after their operations were stopped): clients
  // reconnect, to this Bree once it is back or to another, and follow the operation there.
  const streams = createEventStreams(app, { onShutdown: 'end' });

  /** Sends an operation's events as raw SSE: the operation outlives this response, so a client leaving only unsubscribes. */
  async function streamEvents(
    reply: FastifyReply,
    { tenantId, operationId, first }: { tenantId: string; operationId: string; first?: OperationStreamEvent },
  ): Promise<void> {
    const buffered: OperationStreamEvent[] = first ? [first] : [];
    let write: (e: OperationStreamEvent) => void = (e) => buffered.push(e);
    const unsubscribe = await ai.subscribe({ tenantId, operationId, listener: (e) => write(e) });
    if (!unsubscribe) throw aiErrors.operationNotFound();
    const stream = streams.open<OperationStreamEvent>(reply);
    write = (e) => {
      stream.write(e);
      if (e.event === 'done' || e.event === 'error' || e.event === 'variant') stream.end();
    };
    for (const e of buffered) write(e);
    stream.onClose(unsubscribe);
  }

  /**
   * A replay of a start (same X-Operation-Id) never starts a second operation: its remembered
   * answer is the 'started' info, and a replay asking for events follows that operation's stream.
   */
  const replayStart: ReplayRouteOptions = {
    async answer(req, reply, remembered) {
      if (!wantsEventStream(req.headers.accept) || remembered.status !== 200) return false;
      const started = createOperationAnswerSchema.parse(remembered.body);
      await streamEvents(reply, { tenantId: requireAuth(req).tenantId, operationId: started.operationId, first: { event: 'started', data: started } });
      return true;
    },
  };

  app.post(
    '/ai/operations',
    { config: { replay: replayStart }, schema: { body: createOperationBodySchema, response: { 200: createOperationAnswerSchema } } },
    async (req, reply) => {
      const { tenantId } = requireAuth(req);
      const started = (await ai.start({ tenantId, body: req.body }))[0]!;
      // The editor asks for the events right here: the first word comes one request sooner.
      if (!wantsEventStream(req.headers.accept)) return started;
      // A stream is not an answer to keep: replays stand on the 'started' info. Remembered while the
      // stream starts (a replay meanwhile waits for the claim), so the first word does not wait for it.
      const remembered = rememberAnswer(req, { status: 200, body: createOperationAnswerSchema.parse(started) });
      await streamEvents(reply, { tenantId, operationId: started.operationId, first: { event: 'started', data: started } });
      await remembered;
      return reply;
    },
  );

  // 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"): the operations are held and
  // started together, then each is followed by its own stream; a replay answers the same ids (JSON).
  app.post('/ai/alternatives', { schema: { body: createAlternativesBodySchema, response: { 200: createAlternativesAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    const { alternatives, ...body } = req.body;
    return { operations: await ai.start({ tenantId, body, alternatives }) };
  });

  app.get('/ai/operations/:operationId/stream', { schema: { params: z.object({ operationId: idParam }) } }, async (req, reply) => {
    const { tenantId } = requireAuth(req);
    await streamEvents(reply, { tenantId, operationId: req.params.operationId });
    return reply;
  });

  // Escape while an answer streams (docs/ASSISTANT.md "Ask AI"): stops it, stores nothing; asking again is harmless.
  app.post(
    '/ai/operations/:operationId/cancel',
    { schema: { params: z.object({ operationId: idParam }), response: { 200: cancelOperationAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return ai.cancel({ tenantId, operationId: req.params.operationId });
    },
  );

  app.get(
    '/background-responses/:documentId',
    { schema: { params: z.object({ documentId: idParam }), response: { 200: backgroundResponsesAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return ai.listResponses({ tenantId, documentId: req.params.documentId });
    },
  );

  app.delete(
    '/background-responses/:documentId/:operationId',
    { schema: { params: z.object({ documentId: idParam, operationId: idParam }), response: { 200: deleteBackgroundResponseAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return ai.deleteResponse({ tenantId, ...req.params });
    },
  );

  app.get(
    '/ai-provider/status/:fileId',
    { schema: { params: z.object({ fileId: idParam }), response: { 200: aiProviderStatusAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return providers.status({ tenantId, fileId: req.params.fileId });
    },
  );

  app.post('/ai-provider/set', { schema: { body: setAiProviderBodySchema, response: { 200: setAiProviderAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return providers.set({ tenantId, fileId: req.body.fileId, provider: req.body.provider });
  });

  app.put('/ai-provider/default', { schema: { body: setDefaultAiProviderBodySchema, response: { 200: setAiProviderAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return providers.setDefault({ tenantId, provider: req.body.provider });
  });
};
