import type { EmbeddingModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';
import { classifyFailure, parseModelSpec, type GatewayFailure, type ModelSpec } from './ai.gateway';
import { loadAiSdk, once } from './ai.sdk';

/** What an embedding call gives back: one vector per text, in order, and the tokens the provider counted. */
export type EmbeddingOutcome = { ok: true; vectors: number[][]; tokens: number | undefined } | { ok: false; failure: GatewayFailure };

/** AI_EMBEDDING_MODEL → text embeddings. Features reach it only through the metered call (ai.metered.ts). */
export interface EmbeddingGateway {
  /** The configured model, or null without AI_EMBEDDING_MODEL. */
  spec: ModelSpec | null;
  isConfigured(): boolean;
  /** Throws 503 ai_not_configured when no embedding model has a provider. */
  assertConfigured(): void;
  embed(request: { texts: string[]; abortSignal?: AbortSignal }): Promise<EmbeddingOutcome>;
}

/** The embedding model of a spec, made with its first call (the provider's SDK loads then), or null when its provider lacks credentials. */
function modelMaker(spec: ModelSpec, ai: Config['ai']): (() => Promise<EmbeddingModel>) | null {
  switch (spec.provider) {
    case 'openai': {
      const { apiKey, baseUrl } = ai.openai;
      if (!apiKey) return null;
      return once(async () => (await import('@ai-sdk/openai')).createOpenAI({ apiKey, baseURL: baseUrl }).embedding(spec.modelId));
    }
    case 'google': {
      const { apiKey, baseUrl } = ai.google;
      if (!apiKey) return null;
      return once(async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey, baseURL: baseUrl }).embedding(spec.modelId));
    }
    case 'openai-compatible': {
      // A local server (Ollama, llama.cpp, LM Studio) speaks the OpenAI embeddings API; a key is optional.
      const { apiKey, baseUrl } = ai.openaiCompatible;
      if (!baseUrl) return null;
      return once(async () =>
        (await import('@ai-sdk/openai-compatible'))
          .createOpenAICompatible({ name: 'openai-compatible', baseURL: baseUrl, apiKey })
          .embeddingModel(spec.modelId),
      );
    }
    default:
      return null;
  }
}

/** The embedding gateway of AI_EMBEDDING_MODEL. The SDK's own retries cover a passing failure; the index job retries the rest. */
export function createEmbeddingGateway({ config }: { config: Config }): EmbeddingGateway {
  const spec = config.ai.embeddingModel ? parseModelSpec(config.ai.embeddingModel) : null;
  const makeModel = spec ? modelMaker(spec, config.ai) : null;
  return {
    spec,
    isConfigured: () => makeModel !== null,
    assertConfigured() {
      if (!makeModel) throw aiErrors.notConfigured();
    },
    async embed({ texts, abortSignal }) {
      if (!makeModel) throw aiErrors.notConfigured();
      const [model, { embedMany }] = await Promise.all([makeModel(), loadAiSdk()]);
      try {
        const result = await embedMany({ model, values: texts, maxRetries: 2, abortSignal });
        // A provider that reports no usage says 0 through the SDK: then Bree's own estimate settles.
        return { ok: true, vectors: result.embeddings, tokens: result.usage.tokens > 0 ? result.usage.tokens : undefined };
      } catch (error) {
        return { ok: false, failure: classifyFailure(error) };
      }
    },
  };
}
