import { describe, expect, it } from 'vitest';
import type { AiConfig } from '@bree/contracts';
import { dictationAvailabilityOf } from './availability';
import { DICTATION_NOT_SET_UP } from './errors';

const off = { available: false, model: 'gemini-2.5-flash (Google)' };
const config = (transcription: AiConfig['transcription'], setup?: AiConfig['setup']): AiConfig => ({
  tiers: { fast: off, premium: off },
  transcription,
  ...(setup ? { setup } : {}),
});
const note = {
  tier: 'transcription' as const,
  model: 'google:gemini-2.5-flash',
  advice: 'Dictation (AI_TRANSCRIPTION_MODEL=google:gemini-2.5-flash) has no provider: set GOOGLE_GENERATIVE_AI_API_KEY.',
};

describe('whether the microphone works here, and the words when it does not', () => {
  it('stays usable until the server has answered', () => {
    expect(dictationAvailabilityOf(undefined)).toEqual({ available: true, reason: '' });
    expect(dictationAvailabilityOf(config({ available: true, model: 'whisper' }))).toEqual({ available: true, reason: '' });
  });

  it('tells a writer plainly to ask their administrator, naming no server setting', () => {
    expect(DICTATION_NOT_SET_UP).toBe('Dictation is not set up on this server. Ask your administrator.');
    const { available, reason } = dictationAvailabilityOf(config(off));
    expect(available).toBe(false);
    expect(reason).toBe(DICTATION_NOT_SET_UP);
    expect(reason).not.toMatch(/_MODEL|_KEY|model/);
  });

  it('tells an administrator what to set, without asking them to ask themselves', () => {
    const { reason } = dictationAvailabilityOf(config(off, [note]));
    expect(reason).toBe(`Dictation is not set up on this server. ${note.advice}`);
    expect(reason).not.toContain('Ask your administrator');
  });
});
