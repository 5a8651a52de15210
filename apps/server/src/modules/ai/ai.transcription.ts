import type { LanguageModel, TranscriptionModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';
import { classifyFailure, parseModelSpec, type GatewayFailure, type ModelSpec } from './ai.gateway';
import { loadAiSdk, once } from './ai.sdk';

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

/** The engine of a spec, made with its first call (the provider's SDK loads then), or null when its provider lacks credentials. */
function engineMaker(spec: ModelSpec, ai: Config['ai']): (() => Promise<Engine>) | null {
  switch (spec.provider) {
    case 'openai': {
      const { apiKey, baseUrl } = ai.openai;
      if (!apiKey) return null;
      return once(async () => ({
        kind: 'speech',
        model: (await import('@ai-sdk/openai')).createOpenAI({ apiKey, baseURL: baseUrl }).transcription(spec.modelId),
      }));
    }
    case 'openai-compatible': {
      // A local whisper.cpp or faster-whisper server speaks the OpenAI audio API; a key is optional.
      const { apiKey, baseUrl } = ai.openaiCompatible;
      if (!baseUrl) return null;
      return once(async () => ({
        kind: 'speech',
        model: (await import('@ai-sdk/openai')).createOpenAI({ apiKey: apiKey ?? 'none', baseURL: baseUrl }).transcription(spec.modelId),
      }));
    }
    case 'groq': {
      const { apiKey } = ai.groq;
      if (!apiKey) return null;
      return once(async () => ({ kind: 'speech', model: (await import('@ai-sdk/groq')).createGroq({ apiKey }).transcription(spec.modelId) }));
    }
    case 'deepgram': {
      const { apiKey } = ai.deepgram;
      if (!apiKey) return null;
      return once(async () => ({ kind: 'speech', model: (await import('@ai-sdk/deepgram')).createDeepgram({ apiKey }).transcription(spec.modelId) }));
    }
    case 'google': {
      const { apiKey, baseUrl } = ai.google;
      if (!apiKey) return null;
      return once(async () => ({
        kind: 'language',
        model: (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey, baseURL: baseUrl })(spec.modelId),
      }));
    }
    default:
      return null;
  }
}

/** The transcription gateway of AI_TRANSCRIPTION_MODEL. One attempt per call: a retry is the writer's choice. */
export function createTranscriptionGateway({ config }: { config: Config }): TranscriptionGateway {
  const spec = parseModelSpec(config.ai.transcriptionModel);
  const makeEngine = engineMaker(spec, config.ai);
  return {
    spec,
    isConfigured: () => makeEngine !== null,
    assertConfigured() {
      if (!makeEngine) throw aiErrors.notConfigured();
    },
    async transcribe({ audio, mediaType, abortSignal }) {
      if (!makeEngine) throw aiErrors.notConfigured();
      const [engine, { experimental_transcribe: transcribe, generateText }] = await Promise.all([makeEngine(), loadAiSdk()]);
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
