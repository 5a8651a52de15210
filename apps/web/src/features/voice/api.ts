import { analyzeVoiceAnswerSchema, voiceProfileAnswerSchema } from '@bree/contracts';
import type { UpdateVoiceProfileBody, VoiceProfileAnswer } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** The react-query key of the voice profile. */
export const VOICE_PROFILE_KEY = ['voice', 'profile'] as const;

/** GET /voice/profile. */
export function getVoiceProfile(api: ApiClient): Promise<VoiceProfileAnswer> {
  return api.get('/voice/profile', { schema: voiceProfileAnswerSchema });
}

/** PUT /voice/profile: the author's style guide and notes. */
export function updateVoiceProfile(api: ApiClient, body: UpdateVoiceProfileBody): Promise<VoiceProfileAnswer> {
  return api.put('/voice/profile', body, { schema: voiceProfileAnswerSchema });
}

/** POST /voice/analyze: starts an analysis; poll the profile for the result. */
export function requestVoiceAnalysis(api: ApiClient): Promise<{ status: 'analyzing' }> {
  return api.post('/voice/analyze', undefined, { schema: analyzeVoiceAnswerSchema });
}
