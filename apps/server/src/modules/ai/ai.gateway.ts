import type { AiTier } from '@bree/contracts';
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';
import { createProviderRegistry, parseModelSpec, type ModelSpec, type ProviderRegistry, type TranscriptionEngine } from './ai.providers';
import { createRetrier, isRetryableFailure, retryDelayMs, type Retrier } from './ai.retry';
import { aiSdkErrors, loadAiSdk } from './ai.sdk';

export type { ModelSpec } from './ai.providers';
export { parseModelSpec } from './ai.providers';

/** Why a provider call failed, in words fit for the author. */
export interface GatewayFailure {
  kind: 'rate_limited' | 'provider_unavailable' | 'provider_error';
  message: string;
}

export type GatewayEvent =
  | { type: 'delta'; text: string }
  | { type: 'finish'; usage: { inputTokens: number | undefined; outputTokens: number | undefined } }
  | { type: 'error'; failure: GatewayFailure };

export interface GatewayRequest {
  tier: AiTier;
  system: string;
  prompt: string;
  /** The most the model may produce: set explicitly so providers do not guess per model, and the reservation can price it. */
  maxOutputTokens: number;
  abortSignal?: AbortSignal;
}

/** Tier → model, and a stream of text for a prompt. Routes never see an SDK; features call the metered gateway (ai.metered.ts) on top of this. */
export interface AiGateway {
  spec(tier: AiTier): ModelSpec;
  isConfigured(tier: AiTier): boolean;
  /** Throws 503 ai_not_configured when the tier's provider has no credentials. */
  assertConfigured(tier: AiTier): void;
  stream(request: GatewayRequest): AsyncIterable<GatewayEvent>;
  /** Loads the AI SDK and builds each configured tier's model now, so the first call does not wait for them. */
  preload(): Promise<void>;
}

/** Turns an SDK error into a failure kind; the provider's own text is not passed on (it may echo the prompt). */
export function classifyFailure(error: unknown): GatewayFailure {
  const { APICallError, RetryError } = aiSdkErrors();
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ?? 0;
    // No error status: the connection failed, or dropped after an answer had begun.
    if (status < 400) return { kind: 'provider_unavailable', message: 'the connection to the AI provider failed. Try again shortly.' };
    if (status === 429) return { kind: 'rate_limited', message: 'the AI provider is busy (rate limited). Try again in a minute.' };
    if (status >= 500) return { kind: 'provider_unavailable', message: `the AI provider is unavailable (HTTP ${status}). Try again shortly.` };
    return { kind: 'provider_error', message: `the AI provider refused the request (HTTP ${status}).` };
  }
  return { kind: 'provider_error', message: 'the connection to the AI provider failed.' };
}

const STOPPED: GatewayEvent = { type: 'error', failure: { kind: 'provider_error', message: 'the generation was stopped.' } };

/** How one provider call ended: finished (or stopped, already reported), or failed with `error`. */
type AttemptEnd = { failed: false } | { failed: true; error: unknown; streamed: boolean };

/** One provider call: passes text and usage on as they arrive, and says how it ended. */
async function* streamAttempt(
  model: LanguageModel,
  { system, prompt, maxOutputTokens, abortSignal }: Omit<GatewayRequest, 'tier'>,
): AsyncGenerator<GatewayEvent, AttemptEnd> {
  const { streamText } = await loadAiSdk();
  // Retries are ours (see ai.retry.ts). Errors arrive as 'error' parts; onError keeps the SDK from also logging them.
  const result = streamText({ model, system, prompt, maxRetries: 0, maxOutputTokens, abortSignal, onError: () => undefined });
  let streamed = false;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        streamed = true;
        yield { type: 'delta', text: part.text };
      } else if (part.type === 'error') {
        return { failed: true, error: part.error, streamed };
      } else if (part.type === 'abort') {
        yield STOPPED;
        return { failed: false };
      } else if (part.type === 'finish') {
        yield { type: 'finish', usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens } };
      }
    }
  } catch (error) {
    return { failed: true, error, streamed };
  }
  return { failed: false };
}

/**
 * A call that answers at once (an embedding, a transcription) under the one retry policy: a
 * retryable failure is tried again after the same jittered backoff the streamed calls wait.
 */
async function withRetries<T>(retrier: Retrier, abortSignal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= retrier.policy.maxRetries || !isRetryableFailure(error) || abortSignal?.aborted) throw error;
      await retrier.sleep(retryDelayMs({ retry, error, policy: retrier.policy, random: retrier.random }), abortSignal);
    }
  }
}

/** One embedding call: a vector per text, in order, and the tokens the provider counted (undefined when it says 0). */
export async function embedTexts({
  model,
  texts,
  abortSignal,
  retrier,
}: {
  model: EmbeddingModel;
  texts: string[];
  abortSignal?: AbortSignal;
  retrier: Retrier;
}): Promise<{ vectors: number[][]; tokens: number | undefined }> {
  const { embedMany } = await loadAiSdk();
  const result = await withRetries(retrier, abortSignal, () => embedMany({ model, values: texts, maxRetries: 0, abortSignal }));
  return { vectors: result.embeddings, tokens: result.usage.tokens > 0 ? result.usage.tokens : undefined };
}

/** Gemini hears the audio as a file part; asked for the words alone, nothing added. */
const GEMINI_TRANSCRIBE =
  'Transcribe this recording word for word. Answer with the spoken words only: no timestamps, no speaker labels, no notes. If nothing is said, answer with nothing.';

/** One transcription call: the words, and the audio's length when the provider says it. */
export async function transcribeAudio({
  engine,
  audio,
  mediaType,
  abortSignal,
  retrier,
}: {
  engine: TranscriptionEngine;
  audio: Uint8Array;
  mediaType: string;
  abortSignal?: AbortSignal;
  retrier: Retrier;
}): Promise<{ text: string; durationSeconds: number | undefined }> {
  const { experimental_transcribe: transcribe, generateText } = await loadAiSdk();
  if (engine.kind === 'speech') {
    const result = await withRetries(retrier, abortSignal, () => transcribe({ model: engine.model, audio, maxRetries: 0, abortSignal }));
    return { text: result.text.trim(), durationSeconds: result.durationInSeconds };
  }
  const result = await withRetries(retrier, abortSignal, () =>
    generateText({
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
    }),
  );
  return { text: result.text.trim(), durationSeconds: undefined };
}

/**
 * The AI gateway on the configured providers (from `registry`, the process's one); `retry`
 * replaces the retry policy, jitter and sleep (tests).
 */
export function createAiGateway({
  config,
  registry = createProviderRegistry({ config }),
  retry,
}: {
  config: Config;
  registry?: ProviderRegistry;
  retry?: Partial<Retrier>;
}): AiGateway {
  const specs: Record<AiTier, ModelSpec> = {
    fast: parseModelSpec(config.ai.fastModel),
    premium: parseModelSpec(config.ai.premiumModel),
  };
  const models: Record<AiTier, (() => Promise<LanguageModel>) | null> = {
    fast: registry.languageModel(specs.fast),
    premium: registry.languageModel(specs.premium),
  };
  const retrier = createRetrier(retry);
  return {
    spec: (tier) => specs[tier],
    isConfigured: (tier) => models[tier] !== null,
    assertConfigured(tier) {
      if (!models[tier]) throw aiErrors.notConfigured();
    },
    async preload() {
      await loadAiSdk();
      await Promise.all(Object.values(models).map((make) => make?.()));
    },
    async *stream({ tier, ...request }) {
      const makeModel = models[tier];
      if (!makeModel) throw aiErrors.notConfigured();
      const model = await makeModel();
      for (let retry = 0; ; retry += 1) {
        const end = yield* streamAttempt(model, request);
        if (!end.failed) return;
        // Only a call that streamed nothing is repeated: after partial text, a retry would duplicate it.
        if (end.streamed || retry >= retrier.policy.maxRetries || !isRetryableFailure(end.error)) {
          yield { type: 'error', failure: classifyFailure(end.error) };
          return;
        }
        await retrier.sleep(retryDelayMs({ retry, error: end.error, policy: retrier.policy, random: retrier.random }), request.abortSignal);
        if (request.abortSignal?.aborted) {
          yield STOPPED;
          return;
        }
      }
    },
  };
}
