import { createDeepgram } from '@ai-sdk/deepgram';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_transcribe as transcribe, generateText, type LanguageModel, type TranscriptionModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';
import { classifyFailure, parseModelSpec, type GatewayFailure, type ModelSpec } from './ai.gateway';

/** What a transcription call gives back: the words, and the audio's length when the provider says it. */
export interface Transcript {
  text: string;
  durationSeconds: number | undefined;
}

export type TranscriptionOutcome = { ok: true; transcript: Transcript } | { ok: false; failure: GatewayFailure };

/** AI_TRANSCRIPTION_MODEL → a speech-to-text call. Features reach it only through the metered gateway (ai.metered.ts). */
export interface TranscriptionGateway {
  spec: ModelSpec;
  isConfigured(): boolean;
  /** Throws 503 ai_not_configured when the transcription provider has no credentials. */
  assertConfigured(): void;
  transcribe(request: { audio: Uint8Array; mediaType: string; abortSignal?: AbortSignal }): Promise<TranscriptionOutcome>;
}

/** Gemini hears the audio as a file part; asked for the words alone, nothing added. */
const GEMINI_TRANSCRIBE =
  'Transcribe this recording word for word. Answer with the spoken words only: no timestamps, no speaker labels, no notes. If nothing is said, answer with nothing.';

type Engine = { kind: 'speech'; model: TranscriptionModel } | { kind: 'language'; model: LanguageModel };

/** Builds the engine of a spec, or null when its provider lacks credentials. */
function buildEngine(spec: ModelSpec, ai: Config['ai']): Engine | null {
  switch (spec.provider) {
    case 'openai':
      if (!ai.openai.apiKey) return null;
      return { kind: 'speech', model: createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl }).transcription(spec.modelId) };
    case 'openai-compatible':
      // A local whisper.cpp or faster-whisper server speaks the OpenAI audio API; a key is optional.
      if (!ai.openaiCompatible.baseUrl) return null;
      return {
        kind: 'speech',
        model: createOpenAI({ apiKey: ai.openaiCompatible.apiKey ?? 'none', baseURL: ai.openaiCompatible.baseUrl }).transcription(spec.modelId),
      };
    case 'groq':
      if (!ai.groq.apiKey) return null;
      return { kind: 'speech', model: createGroq({ apiKey: ai.groq.apiKey }).transcription(spec.modelId) };
    case 'deepgram':
      if (!ai.deepgram.apiKey) return null;
      return { kind: 'speech', model: createDeepgram({ apiKey: ai.deepgram.apiKey }).transcription(spec.modelId) };
    case 'google':
      if (!ai.google.apiKey) return null;
      return { kind: 'language', model: createGoogleGenerativeAI({ apiKey: ai.google.apiKey, baseURL: ai.google.baseUrl })(spec.modelId) };
    default:
      return null;
  }
}

/** The transcription gateway of AI_TRANSCRIPTION_MODEL. One attempt per call: a retry is the writer's choice. */
export function createTranscriptionGateway({ config }: { config: Config }): TranscriptionGateway {
  const spec = parseModelSpec(config.ai.transcriptionModel);
  const engine = buildEngine(spec, config.ai);
  return {
    spec,
    isConfigured: () => engine !== null,
    assertConfigured() {
      if (!engine) throw aiErrors.notConfigured();
    },
    async transcribe({ audio, mediaType, abortSignal }) {
      if (!engine) throw aiErrors.notConfigured();
      try {
        if (engine.kind === 'speech') {
          const result = await transcribe({ model: engine.model, audio, maxRetries: 0, abortSignal });
          return { ok: true, transcript: { text: result.text.trim(), durationSeconds: result.durationInSeconds } };
        }
        const result = await generateText({
          model: engine.model,
          maxRetries: 0,
          abortSignal,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: GEMINI_TRANSCRIBE },
                { type: 'file', data: audio, mediaType },
              ],
            },
          ],
        });
        return { ok: true, transcript: { text: result.text.trim(), durationSeconds: undefined } };
      } catch (error) {
        return { ok: false, failure: classifyFailure(error) };
      }
    },
  };
}
