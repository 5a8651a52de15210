import type { EmbeddingModel, LanguageModel, TranscriptionModel } from 'ai';
import type { Config } from '../../config';
import { once } from './ai.sdk';

// The one place Bree builds AI providers: every model — the tiers' language models, the embedding
// model, the transcription model — comes from a provider made here, once per process, with its
// first call (its SDK loads then). A new provider is added here and nowhere else.

/** A `provider:model` spec from AI_FAST_MODEL, AI_PREMIUM_MODEL, AI_EMBEDDING_MODEL or AI_TRANSCRIPTION_MODEL. */
export interface ModelSpec {
  provider: string;
  modelId: string;
}

/** Parses `provider:model` once; config validation already checked the shape. */
export function parseModelSpec(raw: string): ModelSpec {
  const at = raw.indexOf(':');
  return { provider: raw.slice(0, at), modelId: raw.slice(at + 1) };
}

/** A transcription engine: a speech-to-text model, or a language model that hears audio (Gemini). */
export type TranscriptionEngine = { kind: 'speech'; model: TranscriptionModel } | { kind: 'language'; model: LanguageModel };

/** A model made with its first call; null where its provider lacks credentials or cannot make that kind. */
export type ModelMaker<T> = (() => Promise<T>) | null;

type Ai = Config['ai'];

/** Each provider's SDK, loaded with its first model and built once with the operator's credentials. */
function providerLoaders(ai: Ai) {
  const { google, anthropic, openai, openaiCompatible, groq, deepgram } = ai;
  return {
    google: google.apiKey
      ? once(async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey: google.apiKey, baseURL: google.baseUrl }))
      : null,
    anthropic: anthropic.apiKey
      ? once(async () => (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey: anthropic.apiKey, baseURL: anthropic.baseUrl }))
      : null,
    openai: openai.apiKey ? once(async () => (await import('@ai-sdk/openai')).createOpenAI({ apiKey: openai.apiKey, baseURL: openai.baseUrl })) : null,
    // A local server (Ollama, llama.cpp, LM Studio) speaks the OpenAI API; a key is optional.
    openaiCompatible: openaiCompatible.baseUrl
      ? once(async () =>
          (await import('@ai-sdk/openai-compatible')).createOpenAICompatible({
            name: 'openai-compatible',
            baseURL: openaiCompatible.baseUrl!,
            apiKey: openaiCompatible.apiKey,
            includeUsage: true,
          }),
        )
      : null,
    // A local whisper.cpp or faster-whisper server speaks the OpenAI audio API, which only the OpenAI provider calls.
    openaiCompatibleAudio: openaiCompatible.baseUrl
      ? once(async () => (await import('@ai-sdk/openai')).createOpenAI({ apiKey: openaiCompatible.apiKey ?? 'none', baseURL: openaiCompatible.baseUrl }))
      : null,
    groq: groq.apiKey ? once(async () => (await import('@ai-sdk/groq')).createGroq({ apiKey: groq.apiKey })) : null,
    deepgram: deepgram.apiKey ? once(async () => (await import('@ai-sdk/deepgram')).createDeepgram({ apiKey: deepgram.apiKey })) : null,
  };
}

/** The model `make` builds from a loaded provider, itself made once; null without the provider. */
function from<P, T>(load: (() => Promise<P>) | null, make: (provider: P) => T): ModelMaker<T> {
  return load ? once(async () => make(await load())) : null;
}

/** Bree's providers: each kind of model by its spec, from providers built once for the process. */
export function createProviderRegistry({ config }: { config: Config }) {
  const p = providerLoaders(config.ai);
  return {
    /** A tier's language model (Google, Anthropic or an OpenAI-compatible server). */
    languageModel({ provider, modelId }: ModelSpec): ModelMaker<LanguageModel> {
      if (provider === 'google') return from(p.google, (g) => g(modelId));
      if (provider === 'anthropic') return from(p.anthropic, (a) => a(modelId));
      if (provider === 'openai-compatible') return from(p.openaiCompatible, (o) => o(modelId));
      return null;
    },
    /** The embedding model of AI_EMBEDDING_MODEL. */
    embeddingModel({ provider, modelId }: ModelSpec): ModelMaker<EmbeddingModel> {
      if (provider === 'openai') return from(p.openai, (o) => o.embedding(modelId));
      if (provider === 'google') return from(p.google, (g) => g.embedding(modelId));
      if (provider === 'openai-compatible') return from(p.openaiCompatible, (o) => o.embeddingModel(modelId));
      return null;
    },
    /** The transcription engine of AI_TRANSCRIPTION_MODEL. */
    transcriptionEngine({ provider, modelId }: ModelSpec): ModelMaker<TranscriptionEngine> {
      const speech = (model: TranscriptionModel): TranscriptionEngine => ({ kind: 'speech', model });
      if (provider === 'openai') return from(p.openai, (o) => speech(o.transcription(modelId)));
      if (provider === 'openai-compatible') return from(p.openaiCompatibleAudio, (o) => speech(o.transcription(modelId)));
      if (provider === 'groq') return from(p.groq, (g) => speech(g.transcription(modelId)));
      if (provider === 'deepgram') return from(p.deepgram, (d) => speech(d.transcription(modelId)));
      if (provider === 'google') return from(p.google, (g): TranscriptionEngine => ({ kind: 'language', model: g(modelId) }));
      return null;
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
