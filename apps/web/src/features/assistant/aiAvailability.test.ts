import { describe, expect, it } from 'vitest';
import type { AiConfig } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { AI_NOT_SET_UP, availabilityOf, describeTier, isAiNotConfigured, modelCaption, standInNote, tierServing } from './aiAvailability';
import { assistantErrorMessage } from './api';

const config = (fast: boolean, premium: boolean, setup?: AiConfig['setup']): AiConfig => ({
  tiers: { fast: { available: fast, model: 'llama3.1 (local)' }, premium: { available: premium, model: 'claude-sonnet-4-5 (Anthropic)' } },
  transcription: { available: false, model: 'gemini-2.5-flash (Google)' },
  ...(setup ? { setup } : {}),
});

describe('AI availability', () => {
  it('disables nothing until the server has answered', () => {
    expect(availabilityOf(undefined)).toEqual({ known: false, available: true, tiers: null, setup: [] });
  });

  it('is unavailable only when no tier has a provider; one tier serves every action', () => {
    expect(availabilityOf(config(false, false)).available).toBe(false);
    expect(availabilityOf(config(true, false)).available).toBe(true);
    expect(availabilityOf(config(false, true)).available).toBe(true);
  });

  it('keeps the administrators’ notes, and none for anyone else', () => {
    const note = { tier: 'fast' as const, model: 'google:gemini-2.5-flash', advice: 'set GOOGLE_GENERATIVE_AI_API_KEY' };
    expect(availabilityOf(config(false, true, [note])).setup).toEqual([note]);
    expect(availabilityOf(config(false, true)).setup).toEqual([]);
  });

  it('describes a tier by its configured model, or says it is not set up', () => {
    expect(describeTier({ available: true, model: 'llama3.1 (local)' })).toBe('llama3.1 (local)');
    expect(describeTier({ available: false, model: 'gemini-2.5-flash (Google)' })).toBe('Not set up on this server');
  });

  it('names the tier that stands in when the chosen one has no provider', () => {
    const onlyFast = availabilityOf(config(true, false));
    expect(tierServing('premium', onlyFast.tiers)).toBe('fast');
    expect(tierServing('fast', onlyFast.tiers)).toBe('fast');
    expect(standInNote('premium', onlyFast)).toBe('Premium is not set up on this server: Bree uses Fast (llama3.1 (local)) instead.');
    expect(standInNote('fast', onlyFast)).toBeNull();
    expect(modelCaption('fast', onlyFast)).toBe('Uses llama3.1 (local)');
    expect(modelCaption('premium', availabilityOf(config(false, false)))).toBe(AI_NOT_SET_UP);
    expect(modelCaption('premium', availabilityOf(undefined))).toBeNull();
  });

  it('recognises a call refused because AI is not set up, and words it plainly', () => {
    const refused = new ApiError({ status: 503, code: 'ai_not_configured', message: 'AI is not set up on this server.' });
    expect(isAiNotConfigured(refused)).toBe(true);
    expect(isAiNotConfigured(new ApiError({ status: 503, code: 'http_503', message: 'x' }))).toBe(false);
    expect(assistantErrorMessage(new ApiError({ status: 503, code: 'ai_not_configured', message: 'set SOME_KEY' }))).toBe('AI is not set up on this server.');
  });
});
