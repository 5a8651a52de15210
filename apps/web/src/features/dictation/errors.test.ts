import { describe, expect, it } from 'vitest';
import { VOICE_ERROR_MESSAGES } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { DICTATION_NOT_SET_UP, voiceErrorMessage } from './errors';
import { formatElapsed } from './DictationButton';

const apiError = (status: number, code: string, message = 'refused') => new ApiError({ status, code, message });

describe('the voice error kinds of docs/PRODUCT.md#dictation', () => {
  it('tells a refusal at the permission question from a microphone the browser already blocks', () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    expect(voiceErrorMessage(denied, 'permission')).toBe(VOICE_ERROR_MESSAGES.microphoneDenied);
    expect(voiceErrorMessage(denied, 'permission', { blockedBefore: true })).toBe(VOICE_ERROR_MESSAGES.permissionDenied);
    expect(voiceErrorMessage(new DOMException('insecure', 'SecurityError'), 'permission')).toBe(VOICE_ERROR_MESSAGES.permissionDenied);
  });

  it('says recording failed to start when there is no microphone or the recorder fails', () => {
    expect(voiceErrorMessage(new DOMException('none', 'NotFoundError'), 'permission')).toBe(VOICE_ERROR_MESSAGES.startFailed);
    expect(voiceErrorMessage(new Error('MediaRecorder failed'), 'recording')).toBe(VOICE_ERROR_MESSAGES.startFailed);
  });

  it('names the quota that ran out, by the server’s code', () => {
    expect(voiceErrorMessage(apiError(402, 'voice_minutes_exceeded'), 'server')).toBe(VOICE_ERROR_MESSAGES.voiceMinutesExceeded);
    expect(voiceErrorMessage(apiError(402, 'budget_exceeded'), 'server')).toBe(VOICE_ERROR_MESSAGES.quotaExceeded);
  });

  it('says what ran out with the same words as every AI surface when the server names it (docs/BILLING.md#refusals)', () => {
    const details = {
      ranOut: 'credit',
      tier: 'fast',
      plan: 'free',
      left: { fastCalls: 3, premiumCalls: 0, creditDollars: 0 },
      payg: { available: false, on: false },
    };
    const error = new ApiError({ status: 402, code: 'budget_exceeded', message: 'Budget limit exceeded.', details });
    expect(voiceErrorMessage(error, 'server')).toBe('Your credit is used up. Budget limit exceeded. Please upgrade your plan to continue.');
  });

  it('says failed to transcribe for a failing model, and why for a refused recording', () => {
    expect(voiceErrorMessage(apiError(502, 'transcription_failed'), 'server')).toBe(VOICE_ERROR_MESSAGES.transcribeFailed);
    expect(voiceErrorMessage(apiError(413, 'audio_too_long', 'The recording is longer than 10 minutes.'), 'server')).toBe(
      'Failed to transcribe audio. The recording is longer than 10 minutes.',
    );
    expect(voiceErrorMessage(apiError(503, 'ai_not_configured'), 'server')).toBe(DICTATION_NOT_SET_UP);
  });

  it('shows the recording time as m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(125_000)).toBe('2:05');
  });
});
