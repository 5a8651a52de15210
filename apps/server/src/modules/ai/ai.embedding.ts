import type { Config } from '../../config';
import { traceModelCall } from '../../lib/tracing/tracing';
import { aiErrors } from './ai.errors';
import { classifyFailure, embedTexts, type GatewayFailure } from './ai.gateway';
import { createProviderRegistry, parseModelSpec, type ModelSpec, type ProviderRegistry } from './ai.providers';
import { createRetrier, type Retrier } from './ai.retry';

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

/**
 * The embedding gateway of AI_EMBEDDING_MODEL, on the process's providers (`registry`), retried under
 * the one retry policy (ai.retry.ts); the index job retries what still fails at its next run.
 */
export function createEmbeddingGateway({
  config,
  registry = createProviderRegistry({ config }),
  retry,
}: {
  config: Config;
  registry?: ProviderRegistry;
  retry?: Partial<Retrier>;
}): EmbeddingGateway {
  const spec = config.ai.embeddingModel ? parseModelSpec(config.ai.embeddingModel) : null;
  const makeModel = spec ? registry.embeddingModel(spec) : null;
  const retrier = createRetrier(retry);
  return {
    spec,
    isConfigured: () => makeModel !== null,
    assertConfigured() {
      if (!makeModel) throw aiErrors.notConfigured();
    },
    async embed({ texts, abortSignal }) {
      if (!makeModel || !spec) throw aiErrors.notConfigured();
      // A span per call when traces are on: model, how many texts, outcome and tokens, never the texts.
      return traceModelCall(
        { tier: 'embedding', model: `${spec.provider}:${spec.modelId}` },
        async (): Promise<EmbeddingOutcome> => {
          try {
            // A provider that reports no usage says 0 through the SDK: then Bree's own estimate settles.
            return { ok: true, ...(await embedTexts({ model: await makeModel(), texts, abortSignal, retrier })) };
          } catch (error) {
            return { ok: false, failure: classifyFailure(error) };
          }
        },
        (outcome) => ({
          'bree.ai.outcome': outcome.ok ? 'ok' : outcome.failure.kind,
          'bree.ai.texts': texts.length,
          ...(outcome.ok && outcome.tokens !== undefined ? { 'gen_ai.usage.input_tokens': outcome.tokens } : {}),
        }),
      );
    },
  };
}
