import type { AiTier } from '@bree/contracts';

/** Monthly limits of a plan; null means unlimited. A call needs room on every limit (docs/PRODUCT.md#billing gives both readings). */
export interface PlanLimits {
  creditDollars: number | null;
  fastCalls: number | null;
  premiumCalls: number | null;
  voiceMinutes: number | null;
}

export type PlanName = 'self-hosted' | 'free' | 'pro';

/** docs/PRODUCT.md#billing: Free $1.00 credit or 50 fast / 10 premium calls; Pro $20.00 or 1,000 / 250 calls, 200 voice minutes and workspaces. */
export const PLANS: Record<PlanName, PlanLimits> = {
  'self-hosted': { creditDollars: null, fastCalls: null, premiumCalls: null, voiceMinutes: null },
  free: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
  pro: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 },
};

/** What a plan includes beyond its limits: workspaces and variants come with Pro (docs/PRODUCT.md#billing). */
export const PLAN_FEATURES: Record<PlanName, { workspaces: boolean }> = {
  'self-hosted': { workspaces: true },
  free: { workspaces: false },
  pro: { workspaces: true },
};

/** Dollars per million tokens. Unknown models (a local or OpenAI-compatible one) fall back to their tier's list price. */
interface Price {
  input: number;
  output: number;
}

const MODEL_PRICES: Record<string, Price> = {
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  // Embedding models are priced on their input alone.
  'text-embedding-3-small': { input: 0.02, output: 0 },
  'text-embedding-3-large': { input: 0.13, output: 0 },
  'gemini-embedding-001': { input: 0.15, output: 0 },
};

const TIER_PRICES: Record<AiTier, Price> = {
  fast: MODEL_PRICES['gemini-2.5-flash']!,
  premium: MODEL_PRICES['claude-sonnet-4-5']!,
};

/** The dollar cost of a call's tokens. */
export function priceOf({ modelId, tier, inputTokens, outputTokens }: { modelId: string; tier: AiTier; inputTokens: number; outputTokens: number }): number {
  const price = MODEL_PRICES[modelId] ?? TIER_PRICES[tier];
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

/**
 * The most a call can cost, held before it runs: its counted prompt tokens at the input price plus
 * every token it may produce (its max output tokens) at the output price.
 */
export function reservationDollars({
  modelId,
  tier,
  promptTokens,
  maxOutputTokens,
}: {
  modelId: string;
  tier: AiTier;
  promptTokens: number;
  maxOutputTokens: number;
}): number {
  return priceOf({ modelId, tier, inputTokens: promptTokens, outputTokens: maxOutputTokens });
}

/**
 * The one token count of Bree's metering: prompts counted for a reservation, and text whose provider
 * never reported usage. Generous on purpose (3 UTF-8 bytes a token), because a reservation must not
 * fall short of what a provider's tokenizer counts: English prose runs ~4 characters a token, code and
 * other languages fewer, and scripts of 3-byte characters about one token a character.
 */
export const estimateTokens = (text: string): number => Math.ceil(Buffer.byteLength(text, 'utf8') / 3);

/** The month a call is billed to, in UTC. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
