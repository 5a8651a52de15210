import {
  splitParagraphs,
  TRANSCRIBING_MARK_TTL_MS,
  type DictationAnswer,
  type DictationPreviewAnswer,
  type DictationQuery,
  type ProvenanceAttrs,
} from '@bree/contracts';
import { markedAsAi, type DocJSON } from '@bree/editor';
import { isAppError } from '../../lib/errors';
import type { ModelRunner } from '../ai/ai.runner';
import { documentNotFound, prepareContent, type FilesPort } from '../files/files.port';
import { checkAudio } from './transcription.audio';
import { CHUNK_LIMITS, RECORDING_LIMITS, transcriptionErrors } from './transcription.errors';
import { POLISH_MAX_OUTPUT_TOKENS, polishPrompt } from './transcription.prompt';
import type { DictationReceipts } from './transcription.receipts';

/** Speech runs at most ~20 characters a second: the size a polish prompt is reserved for before the words exist. */
const CHARS_PER_SECOND = 20;
/** Room held for the author's voice block in that reservation. */
const VOICE_BLOCK_CHARS = 8000;
/** A write racing the writer's own saves is tried again this many times. */
const APPEND_TRIES = 5;

export interface TranscriptionServiceDeps {
  /** The one model-call runner: the metered transcription, and the polish's tier, voice, hold and stream (ai.runner.ts). */
  models: Pick<ModelRunner, 'transcription' | 'tierIfConfigured' | 'hold' | 'release' | 'stream' | 'voice'>;
  /** The document dictated into: read, marked while transcribing, and written through the files module's port. */
  files: Pick<FilesPort, 'readContent' | 'setTranscribing' | 'clearTranscribingMarks' | 'writer'>;
  newBlockId: () => string;
  /** Where answered words wait for the page's acknowledgement (transcription.receipts.ts). */
  receipts: Pick<DictationReceipts, 'hold' | 'received'>;
  now?: () => Date;
}

/** Dictation: a recording → its words (metered in voice minutes) → optional polish in the author's voice → the editor, or the document. */
export function createTranscriptionService({ models, files, newBlockId, receipts, now = () => new Date() }: TranscriptionServiceDeps) {
  const { transcription } = models;
  async function requireDocument(tenantId: string, fileId: string) {
    const found = await files.readContent({ tenantId, fileId });
    if (!found) throw documentNotFound();
    return found;
  }

  /**
   * Appends paragraphs at the end of the document (the writer left before the text arrived);
   * polished words carry the AI provenance mark (docs/PROVENANCE.md), words as transcribed do not.
   */
  async function append(tenantId: string, fileId: string, paragraphs: string[], provenance: ProvenanceAttrs | null): Promise<void> {
    const added = paragraphs.map((text): DocJSON => {
      const paragraph: DocJSON = { type: 'paragraph', attrs: { id: newBlockId() }, content: [{ type: 'text', text }] };
      return provenance ? markedAsAi(paragraph, provenance) : paragraph;
    });
    for (let tries = 1; ; tries++) {
      const current = await requireDocument(tenantId, fileId);
      const kept = (current.content.content ?? []).filter((node) => node.type !== 'paragraph' || (node.content?.length ?? 0) > 0);
      try {
        await files.writer.write({
          tenantId,
          fileId,
          prepared: prepareContent({ ...current.content, content: [...kept, ...added] }),
          baseRevision: current.revision,
          source: 'ai',
          version: 'when-due',
        });
        return;
      } catch (error) {
        // A save slipped in between: read the new text and append to that.
        if (!(isAppError(error) && error.code === 'revision_conflict') || tries >= APPEND_TRIES) throw error;
      }
    }
  }

  return {
    /**
     * A final recording. The work does not depend on the request: when `clientGone()` says the
     * writer's tab closed, the text is written at the end of the document instead of answered.
     */
    async dictate({
      tenantId,
      query,
      audio,
      clientGone,
    }: {
      tenantId: string;
      query: DictationQuery;
      audio: Buffer;
      clientGone: () => boolean;
    }): Promise<DictationAnswer> {
      transcription.assertConfigured();
      const checked = await checkAudio({ bytes: audio, declaredSeconds: query.durationMs / 1000, limits: RECORDING_LIMITS });
      const { fileId } = query;
      await requireDocument(tenantId, fileId);
      const tier = query.polish ? models.tierIfConfigured({ preferred: 'fast' }) : null;
      // The polish is reserved before any audio is sent, so a plan without budget costs no voice minutes either.
      const estimate = polishPrompt({ transcript: 'x'.repeat(Math.ceil(checked.seconds * CHARS_PER_SECOND)), voiceProfile: 'x'.repeat(VOICE_BLOCK_CHARS) });
      const held = tier ? await models.hold({ tenantId, fileId, tier, ...estimate, maxOutputTokens: POLISH_MAX_OUTPUT_TOKENS }) : null;
      // The hold's scope: whatever ends the dictation, a hold not handed to the polish's stream (which settles it) is given back.
      let unsettled = held;
      const marking = query.target === 'document';
      try {
        if (marking) await files.setTranscribing({ tenantId, fileId, on: true, at: now() });
        const outcome = await transcription.transcribe({ tenantId, fileId, audio, mediaType: checked.mediaType, seconds: checked.seconds });
        if (!outcome.ok) throw transcriptionErrors.failed(outcome.failure.message);
        const raw = outcome.transcript.text;
        let text = raw;
        let polished = false;
        if (held && raw) {
          const prompt = polishPrompt({ transcript: raw, voiceProfile: await models.voice({ tenantId, text: raw }) });
          unsettled = null;
          const result = await models.stream({ held, ...prompt });
          // A failed polish keeps the writer's words as transcribed: they are never lost to it.
          if (!result.failure && result.text.trim()) {
            text = result.text.trim();
            polished = true;
          }
        }
        const paragraphs = splitParagraphs(text);
        const answer: DictationAnswer = {
          text: paragraphs.join('\n\n'),
          paragraphs,
          polished,
          ...(polished && tier ? { tier } : {}),
          delivered: true,
          minutes: Math.ceil((checked.seconds / 60) * 100) / 100,
        };
        if (!marking || paragraphs.length === 0) return answer;
        const provenance: ProvenanceAttrs | null = polished && tier ? { operationId: newBlockId(), action: 'dictation', tier, at: now().toISOString() } : null;
        const write = () => append(tenantId, fileId, paragraphs, provenance);
        if (clientGone()) {
          await write();
          return { ...answer, delivered: false };
        }
        // Answered, but not yet known to be in the editor: written at the end unless the page says it has them.
        return { ...answer, receipt: receipts.hold(tenantId, write) };
      } finally {
        // A give-back that fails is left to the lease sweep (usage.holds.ts), like a crash's.
        if (unsettled) await models.release(unsettled).catch(() => undefined);
        if (marking) await files.setTranscribing({ tenantId, fileId, on: false, at: now() });
      }
    },

    /** The page has put an answer's words in (its `receipt`): they are not written again. */
    received: (tenantId: string, receipt: string): Promise<void> => receipts.received(tenantId, receipt),

    /** Maintenance: the 'Transcribing…' marks older than their TTL, left by a server that stopped mid-dictation. */
    clearStaleMarks: () => files.clearTranscribingMarks({ before: new Date(now().getTime() - TRANSCRIBING_MARK_TTL_MS) }),

    /** A live-preview chunk: its words as the model hears them; it needs room in the plan, but only the final recording counts. */
    async preview({
      tenantId,
      fileId,
      durationMs,
      audio,
    }: {
      tenantId: string;
      fileId: string;
      durationMs: number;
      audio: Buffer;
    }): Promise<DictationPreviewAnswer> {
      transcription.assertConfigured();
      const checked = await checkAudio({ bytes: audio, declaredSeconds: durationMs / 1000, limits: CHUNK_LIMITS });
      await requireDocument(tenantId, fileId);
      const outcome = await transcription.transcribe({ tenantId, fileId, audio, mediaType: checked.mediaType, seconds: checked.seconds, preview: true });
      if (!outcome.ok) throw transcriptionErrors.failed(outcome.failure.message);
      return { text: outcome.transcript.text };
    },
  };
}
export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
