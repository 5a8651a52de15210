import type { VoiceProfileAnswer } from '@bree/contracts';
import type { VoiceProfileRow } from './voice.table';

/** The style guide of an analysis made while AI is not set up: plain words, no server settings. */
export const NOT_CONFIGURED_GUIDE = 'No style guide yet: AI is not set up on this server. The figures above are computed on this server.';
/** The words earlier versions stored, which named server settings: still recognised, and shown as the plain ones. */
export const OLD_NOT_CONFIGURED_GUIDE =
  'No style guide yet: the AI model that writes it (the premium tier, AI_PREMIUM_MODEL and its provider key) is not configured on this server. The figures above are computed locally and are already used in every prompt.';

/** The profile as the API answers it; a tenant never analysed gets an empty, idle profile. */
export function presentVoiceProfile(row: VoiceProfileRow | null): VoiceProfileAnswer {
  if (!row) return { status: 'idle', stats: null, styleGuide: '', userNotes: '', sampleCount: 0, sampleWords: 0, analyzedAt: null, error: null };
  return {
    status: row.status,
    stats: row.stats,
    styleGuide: row.styleGuide === OLD_NOT_CONFIGURED_GUIDE ? NOT_CONFIGURED_GUIDE : row.styleGuide,
    userNotes: row.userNotes,
    sampleCount: row.sampleCount,
    sampleWords: row.sampleWords,
    analyzedAt: row.analyzedAt ? row.analyzedAt.toISOString() : null,
    error: row.error,
  };
}
