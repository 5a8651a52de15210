import { describe, expect, it, vi } from 'vitest';
import { hasBudgetFor } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';
import { budgetAllowsAction } from './budget';

const limits = { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 };
const usage = (cost: number, reserved = 0, credit: number | null = 1) => ({
  fastCalls: 0,
  premiumCalls: 0,
  fastTokens: 0,
  premiumTokens: 0,
  voiceMinutes: 0,
  period: '2026-11',
  cost,
  reserved,
  limits: { ...limits, creditDollars: credit },
});
const apiAnswering = (get: ApiClient['get']): ApiClient => ({ get }) as unknown as ApiClient;

describe('the local budget check (estimate 0.01)', () => {
  it('lets an action through while 0.01 still fits, counting money held by running calls', () => {
    expect(hasBudgetFor(usage(0.98))).toBe(true);
    expect(hasBudgetFor(usage(0.99))).toBe(true);
    expect(hasBudgetFor(usage(0.985, 0.01))).toBe(false);
    expect(hasBudgetFor(usage(0.991))).toBe(false);
    expect(hasBudgetFor(usage(500, 0, null))).toBe(true);
  });

  it('refuses when the usage leaves no room, and proceeds when the check itself fails', async () => {
    expect(await budgetAllowsAction(apiAnswering(vi.fn().mockResolvedValue(usage(1))))).toBe(false);
    expect(await budgetAllowsAction(apiAnswering(vi.fn().mockResolvedValue(usage(0.2))))).toBe(true);
    expect(await budgetAllowsAction(apiAnswering(vi.fn().mockRejectedValue(new Error('offline'))))).toBe(true);
  });
});
