import { BUDGET_CHECK_ESTIMATE, type AiTier } from '@bree/contracts';

/** Monthly limits of a plan; null means unlimited. A call needs room on every limit (spec 2 §9 gives both readings). */
export interface PlanLimits {
  creditDollars: number | null;
  fastCalls: number | null;
  premiumCalls: number | null;
  voiceMinutes: number | null;
}

export type PlanName = 'self-hosted' | 'free' | 'pro';

/** Spec 2 §9: Free $1.00 credit or 50 fast / 10 premium calls; Pro $20.00 or 1,000 / 250 calls and 200 voice minutes. */
export const PLANS: Record<PlanName, PlanLimits> = {
  'self-hosted': { creditDollars: null, fastCalls: null, premiumCalls: null, voiceMinutes: null },
  free: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
  pro: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 },
};

/** Dollars held per call before its real cost is known (spec 2 §9: budget check estimate 0.01). */
export const RESERVATION_DOLLARS = BUDGET_CHECK_ESTIMATE;

/** Dollars per million tokens. Unknown models fall back to their tier's list price. */
interface Price {
  input: number;
  output: number;
}

const MODEL_PRICES: Record<string, Price> = {
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
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

/** Rough token count (~4 characters a token) for calls whose provider never reported usage. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The month a call is billed to, in UTC. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
