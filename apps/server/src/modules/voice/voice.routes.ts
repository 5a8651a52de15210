import { analyzeVoiceAnswerSchema, updateVoiceProfileBodySchema, voiceProfileAnswerSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { VoiceService } from './voice.service';

/** The author's voice profile: read, edit, and (re)analyse in the background. */
export const voiceRoutes: FastifyPluginAsyncZod<{ voice: VoiceService }> = async (app, { voice }) => {
  app.get('/voice/profile', { schema: { response: { 200: voiceProfileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return voice.getProfile({ tenantId });
  });

  app.put('/voice/profile', { schema: { body: updateVoiceProfileBodySchema, response: { 200: voiceProfileAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return voice.updateProfile({ tenantId, body: req.body });
  });

  // Answers at once: the analysis is a 'voice-analyze' job; the client polls GET /voice/profile.
  app.post('/voice/analyze', { schema: { response: { 200: analyzeVoiceAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return voice.requestAnalysis({ tenantId });
  });
};
