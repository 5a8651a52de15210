import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiTier } from '@bree/contracts';
import { APICallError, RetryError, streamText, type LanguageModel } from 'ai';
import type { Config } from '../../config';
import { aiErrors } from './ai.errors';

/** A `provider:model` spec from AI_FAST_MODEL / AI_PREMIUM_MODEL. */
export interface ModelSpec {
  provider: string;
  modelId: string;
}

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
  abortSignal?: AbortSignal;
}

/** Tier → model, and a stream of text for a prompt. Routes never see an SDK; services see only this. */
export interface AiGateway {
  spec(tier: AiTier): ModelSpec;
  isConfigured(tier: AiTier): boolean;
  /** Throws 503 ai_not_configured when the tier's provider has no credentials. */
  assertConfigured(tier: AiTier): void;
  stream(request: GatewayRequest): AsyncIterable<GatewayEvent>;
}

/** Provider retries on 429/5xx; the SDK backs off exponentially and honours Retry-After. */
const MAX_RETRIES = 2;
/** Enough for a long rewrite; set explicitly so providers do not guess per model. */
const MAX_OUTPUT_TOKENS = 4096;

/** Parses `provider:model` once; config validation already checked the shape. */
export function parseModelSpec(raw: string): ModelSpec {
  const at = raw.indexOf(':');
  return { provider: raw.slice(0, at), modelId: raw.slice(at + 1) };
}

/** Builds the LanguageModel of a spec, or null when its provider lacks credentials. */
function buildModel(spec: ModelSpec, ai: Config['ai']): LanguageModel | null {
  switch (spec.provider) {
    case 'google':
      if (!ai.google.apiKey) return null;
      return createGoogleGenerativeAI({ apiKey: ai.google.apiKey, baseURL: ai.google.baseUrl })(spec.modelId);
    case 'anthropic':
      if (!ai.anthropic.apiKey) return null;
      return createAnthropic({ apiKey: ai.anthropic.apiKey, baseURL: ai.anthropic.baseUrl })(spec.modelId);
    case 'openai-compatible':
      if (!ai.openaiCompatible.baseUrl) return null;
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: ai.openaiCompatible.baseUrl,
        apiKey: ai.openaiCompatible.apiKey,
        includeUsage: true,
      })(spec.modelId);
    default:
      return null;
  }
}

/** Turns an SDK error into a failure kind; the provider's own text is not passed on (it may echo the prompt). */
export function classifyFailure(error: unknown): GatewayFailure {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ?? 0;
    if (status === 429) return { kind: 'rate_limited', message: 'the AI provider is busy (rate limited). Try again in a minute.' };
    if (status >= 500) return { kind: 'provider_unavailable', message: `the AI provider is unavailable (HTTP ${status}). Try again shortly.` };
    return { kind: 'provider_error', message: `the AI provider refused the request (HTTP ${status}).` };
  }
  return { kind: 'provider_error', message: 'the connection to the AI provider failed.' };
}

/** The AI gateway on the configured providers. */
export function createAiGateway({ config }: { config: Config }): AiGateway {
  const specs: Record<AiTier, ModelSpec> = {
    fast: parseModelSpec(config.ai.fastModel),
    premium: parseModelSpec(config.ai.premiumModel),
  };
  const models: Record<AiTier, LanguageModel | null> = {
    fast: buildModel(specs.fast, config.ai),
    premium: buildModel(specs.premium, config.ai),
  };
  return {
    spec: (tier) => specs[tier],
    isConfigured: (tier) => models[tier] !== null,
    assertConfigured(tier) {
      if (!models[tier]) throw aiErrors.notConfigured({ tier, provider: specs[tier].provider });
    },
    async *stream({ tier, system, prompt, abortSignal }) {
      const model = models[tier];
      if (!model) throw aiErrors.notConfigured({ tier, provider: specs[tier].provider });
      // Errors arrive as 'error' parts; onError keeps the SDK from also logging them to the console.
      const result = streamText({ model, system, prompt, maxRetries: MAX_RETRIES, maxOutputTokens: MAX_OUTPUT_TOKENS, abortSignal, onError: () => undefined });
      try {
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) yield { type: 'delta', text: part.text };
          else if (part.type === 'error') {
            yield { type: 'error', failure: classifyFailure(part.error) };
            return;
          } else if (part.type === 'abort') {
            yield { type: 'error', failure: { kind: 'provider_error', message: 'the generation was stopped.' } };
            return;
          } else if (part.type === 'finish') {
            yield { type: 'finish', usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens } };
          }
        }
      } catch (error) {
        yield { type: 'error', failure: classifyFailure(error) };
      }
    },
  };
}
