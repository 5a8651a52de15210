import type { VoiceProfileAnswer } from '@bree/contracts';
import type { VoiceProfileRow } from './voice.table';

/** The profile as the API answers it; a tenant never analysed gets an empty, idle profile. */
export function presentVoiceProfile(row: VoiceProfileRow | null): VoiceProfileAnswer {
  if (!row) return { status: 'idle', stats: null, styleGuide: '', userNotes: '', sampleCount: 0, sampleWords: 0, analyzedAt: null, error: null };
  return {
    status: row.status,
    stats: row.stats,
    styleGuide: row.styleGuide,
    userNotes: row.userNotes,
    sampleCount: row.sampleCount,
    sampleWords: row.sampleWords,
    analyzedAt: row.analyzedAt ? row.analyzedAt.toISOString() : null,
    error: row.error,
  };
}
