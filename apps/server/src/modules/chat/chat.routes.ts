import {
  chatConversationAnswerSchema,
  clearChatAnswerSchema,
  sendChatMessageAnswerSchema,
  sendChatMessageBodySchema,
  type ChatStreamEvent,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closedByClient, createEventStreams, wantsEventStream, type EventStream } from '../../lib/sse';
import { requireAuth } from '../../plugins/auth';
import { rememberAnswer } from '../../plugins/replay';
import { chatErrors } from './chat.errors';
import type { ChatService } from './chat.service';

export interface ChatRouteDeps {
  chat: ChatService;
}

const params = z.object({ fileId: z.string().min(1).max(64) });

/** The conversation about a document (docs/CHAT.md): list it, send a message (streamed reply), clear it. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRouteDeps> = async (app, { chat }) => {
  // A shutdown ends the replies still streaming, and waits until each has stored the text that arrived.
  const streams = createEventStreams(app, { onShutdown: 'destroy' });
  const writing = new Set<Promise<unknown>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...writing]);
  });
  /** Sends through the service, remembered until the reply is stored. */
  const send = (args: Parameters<ChatService['send']>[0]) => {
    const sending = chat.send(args);
    writing.add(sending);
    void sending.finally(() => writing.delete(sending)).catch(() => undefined);
    return sending;
  };

  app.get('/chat/:fileId', { schema: { params, response: { 200: chatConversationAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return chat.list({ tenantId, fileId: req.params.fileId });
  });

  app.post(
    '/chat/:fileId/messages',
    { schema: { params, body: sendChatMessageBodySchema, response: { 200: sendChatMessageAnswerSchema } } },
    async (req, reply) => {
      const { tenantId } = requireAuth(req);
      const { fileId } = req.params;
      const signal = closedByClient(reply.raw);
      if (!wantsEventStream(req.headers.accept)) {
        const sent = await send({ tenantId, fileId, body: req.body, signal });
        if (!sent.reply || sent.failure) throw chatErrors.replyFailed(sent.failure ?? 'the document no longer exists.');
        return { message: sent.message, reply: sent.reply, tier: sent.tier };
      }
      // Budget, configuration and a missing document are refused as JSON before the stream opens.
      // Opened once the question is stored and held (refusals before that are JSON answers).
      const opened: { stream: EventStream<ChatStreamEvent> | null } = { stream: null };
      const write = (e: ChatStreamEvent) => opened.stream?.write(e);
      const sent = await send({
        tenantId,
        fileId,
        body: req.body,
        signal,
        listeners: {
          onStarted: ({ message, tier }) => {
            opened.stream = streams.open<ChatStreamEvent>(reply);
            write({ event: 'started', data: { message, tier } });
          },
          onDelta: (text) => write({ event: 'delta', data: { text } }),
        },
      });
      if (sent.reply && !sent.failure) {
        // A retried request with the same X-Operation-Id gets both stored messages, never a second reply.
        await rememberAnswer(req, { status: 200, body: { message: sent.message, reply: sent.reply, tier: sent.tier } });
        write({ event: 'done', data: { reply: sent.reply } });
      } else {
        const message = sent.failure ?? 'Bree could not answer: the document no longer exists.';
        write({ event: 'error', data: { code: 'chat_failed', message, ...(sent.reply ? { reply: sent.reply } : {}) } });
      }
      opened.stream?.end();
      return reply;
    },
  );

  app.delete('/chat/:fileId', { schema: { params, response: { 200: clearChatAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return chat.clear({ tenantId, fileId: req.params.fileId });
  });
};
