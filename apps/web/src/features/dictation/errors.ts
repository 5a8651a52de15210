import { ERROR_CODES, VOICE_ERROR_MESSAGES } from '@bree/contracts';
import { isApiError } from '../../lib/api';
import { hasErrorCode } from '../../lib/errorCodes';
import { budgetRefusalOf, refusalText } from '../billing/refusal';

/** Where a dictation failed: asking for the microphone, recording, or on the server. */
export type VoiceFailureStage = 'permission' | 'recording' | 'server';

/**
 * The six voice error kinds of docs/PRODUCT.md#dictation as the writer reads them. A microphone
 * the browser already remembers as blocked is 'permission denied'; a refusal at the browser's permission question (or by
 * the browser on the writer's behalf) is 'microphone access denied'.
 */
export function voiceErrorMessage(error: unknown, stage: VoiceFailureStage, { blockedBefore = false }: { blockedBefore?: boolean } = {}): string {
  if (stage === 'permission') {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (blockedBefore || name === 'SecurityError') return VOICE_ERROR_MESSAGES.permissionDenied;
    if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return VOICE_ERROR_MESSAGES.microphoneDenied;
    return VOICE_ERROR_MESSAGES.startFailed;
  }
  if (stage === 'recording') return VOICE_ERROR_MESSAGES.startFailed;
  if (hasErrorCode(error, ERROR_CODES.voiceMinutesExceeded)) return VOICE_ERROR_MESSAGES.voiceMinutesExceeded;
  if (hasErrorCode(error, ERROR_CODES.budgetExceeded, ERROR_CODES.paygOff)) {
    // The server named what ran out: the same words as every AI surface (docs/BILLING.md#refusals).
    const refusal = isApiError(error) && error.details ? budgetRefusalOf(error) : null;
    return refusal ? refusalText(refusal) : VOICE_ERROR_MESSAGES.quotaExceeded;
  }
  if (hasErrorCode(error, ERROR_CODES.aiNotConfigured)) return DICTATION_NOT_SET_UP;
  // The recording itself was refused (too long, too large, not audio): the server says which.
  if (hasErrorCode(error, ERROR_CODES.audioTooLong, ERROR_CODES.payloadTooLarge, ERROR_CODES.unsupportedAudio) && error instanceof Error)
    return `Failed to transcribe audio. ${error.message}`;
  return VOICE_ERROR_MESSAGES.transcribeFailed;
}

/** The fact alone, which an administrator's note follows. */
export const DICTATION_NOT_SET_UP_HERE = 'Dictation is not set up on this server.';

/** The microphone button's words while the server has no transcription model: no server setting, only who can help. */
export const DICTATION_NOT_SET_UP = `${DICTATION_NOT_SET_UP_HERE} Ask your administrator.`;
