import {
  DICTATION_LIMITS,
  dictationAnswerSchema,
  dictationReceivedBodySchema,
  dictationPreviewAnswerSchema,
  dictationPreviewQuerySchema,
  dictationQuerySchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { AudioBody } from './transcription.audio';
import { transcriptionErrors } from './transcription.errors';
import type { TranscriptionService } from './transcription.service';

/** Audio is sent as the raw body; what it really is gets checked from its bytes (transcription.audio.ts). */
const AUDIO_CONTENT_TYPES = /^(audio\/[\w.+-]+|video\/webm|application\/octet-stream)(\s*;.*)?$/i;

/** A little above the audio limit: the limit itself is checked on the bytes, with its own message. */
const BODY_LIMIT = DICTATION_LIMITS.maxRecordingBytes + 1024;

/** Dictation (docs/PRODUCT.md#dictation): a final recording, and live-preview chunks. */
export const transcriptionRoutes: FastifyPluginAsyncZod<{ transcription: TranscriptionService }> = async (app, { transcription }) => {
  app.addContentTypeParser(AUDIO_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    done(null, new AudioBody(body as Buffer));
  });

  const audioOf = (body: unknown): Buffer => {
    if (!(body instanceof AudioBody)) throw transcriptionErrors.unsupportedAudio();
    return body.bytes;
  };

  app.post(
    '/dictations',
    { bodyLimit: BODY_LIMIT, schema: { querystring: dictationQuerySchema, response: { 200: dictationAnswerSchema } } },
    async (req, reply) => {
      const { tenantId } = requireAuth(req);
      const audio = audioOf(req.body);
      // The connection closing before the answer was sent means the tab is gone: the text then goes into the document.
      let gone = false;
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone = true;
      });
      return transcription.dictate({ tenantId, query: req.query, audio, clientGone: () => gone });
    },
  );

  // Not replayed: acknowledging twice changes nothing, and there is nothing to remember.
  app.post(
    '/dictations/received',
    { config: { replay: false }, schema: { body: dictationReceivedBodySchema, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (req) => {
      await transcription.received(requireAuth(req).tenantId, req.body.receipt);
      return { success: true as const };
    },
  );

  app.post(
    '/dictations/preview',
    {
      bodyLimit: BODY_LIMIT,
      schema: { querystring: dictationPreviewQuerySchema, response: { 200: dictationPreviewAnswerSchema } },
    },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return transcription.preview({ tenantId, ...req.query, audio: audioOf(req.body) });
    },
  );
};
