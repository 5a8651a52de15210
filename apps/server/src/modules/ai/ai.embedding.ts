import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, type EmbeddingModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';
import { classifyFailure, parseModelSpec, type GatewayFailure, type ModelSpec } from './ai.gateway';

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

/** Builds the embedding model of a spec, or null when its provider lacks credentials. */
function buildModel(spec: ModelSpec, ai: Config['ai']): EmbeddingModel | null {
  switch (spec.provider) {
    case 'openai':
      if (!ai.openai.apiKey) return null;
      return createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl }).embedding(spec.modelId);
    case 'google':
      if (!ai.google.apiKey) return null;
      return createGoogleGenerativeAI({ apiKey: ai.google.apiKey, baseURL: ai.google.baseUrl }).embedding(spec.modelId);
    case 'openai-compatible':
      // A local server (Ollama, llama.cpp, LM Studio) speaks the OpenAI embeddings API; a key is optional.
      if (!ai.openaiCompatible.baseUrl) return null;
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: ai.openaiCompatible.baseUrl,
        apiKey: ai.openaiCompatible.apiKey,
      }).embeddingModel(spec.modelId);
    default:
      return null;
  }
}

/** The embedding gateway of AI_EMBEDDING_MODEL. The SDK's own retries cover a passing failure; the index job retries the rest. */
export function createEmbeddingGateway({ config }: { config: Config }): EmbeddingGateway {
  const spec = config.ai.embeddingModel ? parseModelSpec(config.ai.embeddingModel) : null;
  const model = spec ? buildModel(spec, config.ai) : null;
  return {
    spec,
    isConfigured: () => model !== null,
    assertConfigured() {
      if (!model) throw aiErrors.notConfigured();
    },
    async embed({ texts, abortSignal }) {
      if (!model) throw aiErrors.notConfigured();
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
