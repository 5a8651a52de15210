import { DICTATION_LIMITS } from '@bree/contracts';
import { AppError } from '../../lib/errors';

const MB = 1024 * 1024;

/** Errors of dictation, each with a stable code. */
export const transcriptionErrors = {
  unsupportedAudio: () =>
    new AppError({
      status: 415,
      code: 'unsupported_audio',
      message: 'This is not a recording Bree can transcribe. Send WAV, WebM, Ogg, MP3, MP4/M4A or FLAC audio.',
    }),
  tooLarge: (maxBytes: number) =>
    new AppError({ status: 413, code: 'payload_too_large', message: `The recording is larger than ${Math.round(maxBytes / MB)} MB.` }),
  tooLong: (maxSeconds: number) =>
    new AppError({
      status: 413,
      code: 'audio_too_long',
      message: `The recording is longer than ${maxSeconds >= 60 ? `${maxSeconds / 60} minutes` : `${maxSeconds} seconds`}.`,
    }),
  failed: (reason: string) => new AppError({ status: 502, code: 'transcription_failed', message: `Failed to transcribe audio: ${reason}` }),
};

/** The limits of a final recording and of a live-preview chunk. */
export const RECORDING_LIMITS = { maxBytes: DICTATION_LIMITS.maxRecordingBytes, maxSeconds: DICTATION_LIMITS.maxRecordingSeconds };
export const CHUNK_LIMITS = { maxBytes: DICTATION_LIMITS.maxChunkBytes, maxSeconds: DICTATION_LIMITS.maxChunkSeconds };
