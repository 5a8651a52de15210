import { describe, expect, it } from 'vitest';
import { PLANS, periodOf, priceOf } from './usage.plans';

describe('plans and prices', () => {
  it('prices known models per million tokens and unknown ones at their tier price', () => {
    expect(priceOf({ modelId: 'claude-sonnet-4-5', tier: 'premium', inputTokens: 1_000_000, outputTokens: 0 })).toBe(3);
    expect(priceOf({ modelId: 'some-local-model', tier: 'fast', inputTokens: 0, outputTokens: 1_000_000 })).toBe(2.5);
  });

  it('bills to the UTC month', () => {
    expect(periodOf(new Date('2025-03-31T23:30:00-05:00'))).toBe('2025-04');
  });

  it('gives the free and pro plans both credit and call limits, and self-hosted none', () => {
    expect(PLANS.free).toEqual({ creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 });
    expect(PLANS.pro).toMatchObject({ creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 });
    expect(Object.values(PLANS['self-hosted']).every((v) => v === null)).toBe(true);
  });
});
