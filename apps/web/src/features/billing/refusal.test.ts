import { describe, expect, it } from 'vitest';
import { hasBudgetFor, type BudgetRefusalDetails } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { budgetRefusalOf, LOCAL_REFUSAL, refusalText, UPGRADE_ADVICE } from './refusal';

const details = (over: Partial<BudgetRefusalDetails> = {}): BudgetRefusalDetails => ({
  ranOut: 'premiumCalls',
  tier: 'premium',
  plan: 'free',
  left: { fastCalls: 50, premiumCalls: 0, creditDollars: 0.995 },
  payg: { available: false, on: false },
  ...over,
});
const refused = (d: unknown, code = 'budget_exceeded') =>
  new ApiError({ status: 402, code, message: 'Budget limit exceeded.', ...(d ? { details: d as Record<string, unknown> } : {}) });

describe('the one message of a budget refusal (docs/BILLING.md#refusals)', () => {
  it('a Free writer past Premium is told Fast still has its real number left, with a switch to Fast', () => {
    expect(budgetRefusalOf(refused(details()))).toEqual({
      title: 'Premium calls for this month are used up — Fast still has 50 left',
      detail: null,
      action: { kind: 'switch', tier: 'fast', label: 'Switch to Fast' },
    });
    expect(budgetRefusalOf(refused(details({ left: { fastCalls: 1234, premiumCalls: 0, creditDollars: 5 } })))?.title).toBe(
      'Premium calls for this month are used up — Fast still has 1,234 left',
    );
  });

  it('offers no switch when the other tier or the credit has nothing left: Upgrade for Free', () => {
    const noFast = budgetRefusalOf(refused(details({ left: { fastCalls: 0, premiumCalls: 0, creditDollars: 0.5 } })));
    expect(noFast).toEqual({
      title: 'Premium calls for this month are used up',
      detail: UPGRADE_ADVICE,
      action: { kind: 'link', to: '/subscription', label: 'Upgrade' },
    });
    const noCredit = budgetRefusalOf(refused(details({ left: { fastCalls: 10, premiumCalls: 0, creditDollars: 0 } })));
    expect(noCredit?.action).toEqual({ kind: 'link', to: '/subscription', label: 'Upgrade' });
  });

  it('a spent credit says so: Upgrade for Free, the pay-as-you-go switch for Pro with it off', () => {
    const free = budgetRefusalOf(refused(details({ ranOut: 'credit', tier: 'fast', left: { fastCalls: 50, premiumCalls: 10, creditDollars: 0 } })));
    expect(free).toEqual({ title: 'Your credit is used up', detail: UPGRADE_ADVICE, action: { kind: 'link', to: '/subscription', label: 'Upgrade' } });
    const pro = budgetRefusalOf(refused(details({ ranOut: 'credit', plan: 'pro', payg: { available: true, on: false } })));
    expect(pro?.title).toBe('Your credit is used up');
    expect(pro?.action).toEqual({ kind: 'link', to: '/subscription', label: 'Turn on pay-as-you-go' });
    expect(pro?.detail).toContain('$0.01 a call');
  });

  it('a Pro writer past Premium with pay-as-you-go off (payg_off) is offered Fast first, and pay-as-you-go beside it', () => {
    const off = budgetRefusalOf(
      refused(
        {
          ...details({ plan: 'pro', payg: { available: true, on: false }, left: { fastCalls: 1000, premiumCalls: 0, creditDollars: 20 } }),
          dollarsPerCall: 0.01,
        },
        'payg_off',
      ),
    );
    expect(off).toEqual({
      title: 'Premium calls for this month are used up — Fast still has 1,000 left',
      detail: 'Turn on pay-as-you-go to keep going: about $0.01 a call, up to a spending limit you set.',
      action: { kind: 'switch', tier: 'fast', label: 'Switch to Fast' },
      secondary: { kind: 'link', to: '/subscription', label: 'Turn on pay-as-you-go' },
    });
  });

  it('a reached spending limit offers to raise it', () => {
    const limit = budgetRefusalOf(refused(details({ ranOut: 'paygLimit', plan: 'pro', payg: { available: true, on: true } })));
    expect(limit?.title).toBe('Your pay-as-you-go spending limit for this month is reached');
    expect(limit?.action).toMatchObject({ kind: 'link', label: 'Raise the limit' });
  });

  it('payg_off (pay-as-you-go would take the call) names what ran out and offers to turn it on', () => {
    const off = budgetRefusalOf(refused({ ranOut: 'premiumCalls', tier: 'premium', dollarsPerCall: 0.01 }, 'payg_off'));
    expect(off).toMatchObject({ title: 'Premium calls for this month are used up', action: { label: 'Turn on pay-as-you-go' } });
  });

  it('a refusal without details (the local check, an older server) reads as the spent credit with the spec words', () => {
    expect(budgetRefusalOf(refused(undefined))).toBe(LOCAL_REFUSAL);
    expect(refusalText(LOCAL_REFUSAL)).toBe('Your credit is used up. Budget limit exceeded. Please upgrade your plan to continue.');
  });

  it("the browser's check refuses a spent credit itself only where pay-as-you-go cannot take the call", () => {
    const spent = { cost: 20, reserved: 0, limits: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 } };
    expect(hasBudgetFor(spent)).toBe(false);
    expect(hasBudgetFor({ ...spent, payg: { available: true, on: false } })).toBe(true);
    expect(hasBudgetFor({ ...spent, payg: { available: true, on: true } })).toBe(true);
  });

  it('is null for anything that is not a budget refusal', () => {
    expect(budgetRefusalOf(new ApiError({ status: 402, code: 'voice_minutes_exceeded', message: 'x' }))).toBeNull();
    expect(budgetRefusalOf(new Error('Budget limit exceeded.'))).toBeNull();
  });
});
