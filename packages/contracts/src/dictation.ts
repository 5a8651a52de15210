import { z } from 'zod/mini';
import { aiTierSchema } from './ai';

/**
 * Upload limits of dictation (documented in README.md). A final recording may last 10 minutes;
 * a live-preview chunk is a few seconds of it. 25 MB is the largest file the hosted
 * transcription APIs accept, and 10 minutes of Opus WebM is well under it.
 */
export const DICTATION_LIMITS = {
  maxRecordingBytes: 25 * 1024 * 1024,
  maxRecordingSeconds: 600,
  maxChunkBytes: 2 * 1024 * 1024,
  maxChunkSeconds: 30,
  /** How often the recorder hands a chunk to the live preview. */
  chunkMs: 3000,
} as const;

/**
 * How long a document's 'Transcribing…' mark holds. The longest recording and its transcription
 * end well within it; a mark older than this was left by a server that stopped mid-dictation, so
 * the list opens the document again and maintenance removes the mark.
 */
export const TRANSCRIBING_MARK_TTL_MS = 15 * 60_000;

/** Whether a document's metadata says it is being transcribed now (a mark past its TTL does not count). */
export function isTranscribingNow(metadata: { isTranscribing?: unknown; transcribingSince?: unknown }, now: number): boolean {
  if (metadata.isTranscribing !== true) return false;
  const since = typeof metadata.transcribingSince === 'string' ? Date.parse(metadata.transcribingSince) : Number.NaN;
  // A mark without its time (written before marks carried one) counts, as it always did.
  return Number.isNaN(since) || now - since < TRANSCRIBING_MARK_TTL_MS;
}

/** Where a dictation's text goes: into the document at the caret, or into the Modify instruction. */
export const DICTATION_TARGETS = ['document', 'instruction'] as const;

const booleanFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((v) => v === 'true'),
);

/** POST /api/dictations?…: the query of a final recording; the body is the audio itself. */
export const dictationQuerySchema = z.object({
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The recording's length as the recorder measured it, in milliseconds (the container may not say). */
  durationMs: z.coerce.number().check(z.int(), z.gte(1), z.lte(DICTATION_LIMITS.maxRecordingSeconds * 1000)),
  /** Polish in the author's voice (punctuation, paragraphs, filler words out); on by default. */
  polish: z._default(booleanFlag, true),
  target: z._default(z.enum(DICTATION_TARGETS), 'document'),
});
export type DictationQuery = z.infer<typeof dictationQuerySchema>;

/**
 * The answer of a final recording. `delivered` false: the text was already written at the end of
 * the document, because the writer's tab had gone (the editor then only reloads it).
 */
export const dictationAnswerSchema = z.object({
  text: z.string(),
  paragraphs: z.array(z.string()),
  polished: z.boolean(),
  /** The tier that polished the text, present when `polished`: the provenance mark of the words put in (`docs/PROVENANCE.md`). */
  tier: z.optional(aiTierSchema),
  delivered: z.boolean(),
  /** The voice minutes this recording was metered at. */
  minutes: z.number(),
  /**
   * Words for the document wait on the server until the page acknowledges them with this
   * (POST /dictations/received); unacknowledged, they are written at the document's end (docs/DICTATION.md).
   */
  receipt: z.optional(z.string()),
});
export type DictationAnswer = z.infer<typeof dictationAnswerSchema>;

/** POST /dictations/received: the page has put an answer's words into the editor. */
export const dictationReceivedBodySchema = z.object({ receipt: z.string().check(z.minLength(1), z.maxLength(64)) });

/** POST /api/dictations/preview?…: one live-preview chunk; the body is the audio. */
export const dictationPreviewQuerySchema = z.object({
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  durationMs: z.coerce.number().check(z.int(), z.gte(1), z.lte(DICTATION_LIMITS.maxChunkSeconds * 1000)),
});
export const dictationPreviewAnswerSchema = z.object({ text: z.string() });
export type DictationPreviewAnswer = z.infer<typeof dictationPreviewAnswerSchema>;

/** The six voice error kinds of docs/PRODUCT.md#dictation, in the words the writer reads. */
export const VOICE_ERROR_MESSAGES = {
  quotaExceeded: 'Quota exceeded. Your plan has no AI budget left this month. Please upgrade your plan to continue.',
  voiceMinutesExceeded: "Voice minutes quota exceeded. You have used this month's voice minutes of your plan.",
  microphoneDenied: 'Microphone access denied. Allow Bree to use your microphone to dictate.',
  permissionDenied: "Permission denied. The browser blocks the microphone on this page; allow it in the site's settings.",
  startFailed: 'Failed to start recording. Check that a microphone is connected and not used by another app.',
  transcribeFailed: 'Failed to transcribe audio. Please try again.',
} as const;
