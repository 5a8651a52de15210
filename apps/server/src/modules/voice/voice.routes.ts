import { analyzeVoiceAnswerSchema, checkSettingsSchema, updateVoiceProfileBodySchema, voiceProfileAnswerSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import type { VoiceService } from './voice.service';

/** The author's voice profile: read, edit, and (re)analyse in the background; and the Checks settings kept with it. */
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

  // The author's Checks settings live with the voice profile (docs/CHECKS.md "Settings and what is remembered").
  app.get('/checks/settings', { schema: { response: { 200: checkSettingsSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return voice.getCheckSettings({ tenantId });
  });

  app.put('/checks/settings', { schema: { body: z.strictObject(checkSettingsSchema.shape), response: { 200: checkSettingsSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return voice.saveCheckSettings({ tenantId, settings: req.body });
  });
};
