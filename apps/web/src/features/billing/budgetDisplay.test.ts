import { describe, expect, it } from 'vitest';
import { barColour, costMultiplier, formatDisplayedCost, formatPercent, isApproachingThreshold, isProTier, statusLabel, usagePercent } from './budgetDisplay';

describe('the budget display multiplier', () => {
  it('is 1 below a monthly budget of 20 and 4 from 20 up', () => {
    expect(costMultiplier(19.99)).toBe(1);
    expect(costMultiplier(20)).toBe(4);
    expect(costMultiplier(1)).toBe(1);
    expect(costMultiplier(null)).toBe(1);
  });

  it('multiplies the displayed dollars', () => {
    expect(formatDisplayedCost(0.5, 19.99)).toBe('$0.50');
    expect(formatDisplayedCost(0.5, 20)).toBe('$2.00');
  });
});

describe('the PRO or FREE badge', () => {
  it('is PRO with a plan type, or with a monthly budget of at least 20', () => {
    expect(isProTier({ planType: 'PRO', monthlyBudget: 1 })).toBe(true);
    expect(isProTier({ planType: 'FREE', monthlyBudget: 1 })).toBe(true);
    expect(isProTier({ planType: null, monthlyBudget: 20 })).toBe(true);
    expect(isProTier({ planType: null, monthlyBudget: 19.99 })).toBe(false);
    expect(isProTier({ planType: null, monthlyBudget: null })).toBe(false);
  });
});

describe('the usage percentage', () => {
  it('shows 3 decimals under 0.1 % and 1 from 0.1 % up', () => {
    expect(formatPercent(0.0999)).toBe('0.100%');
    expect(formatPercent(0.05)).toBe('0.050%');
    expect(formatPercent(0.1)).toBe('0.1%');
    expect(formatPercent(42.25)).toBe('42.3%');
  });

  it('is spent over budget, kept within 0–100', () => {
    expect(usagePercent(5, 20)).toBe(25);
    expect(usagePercent(30, 20)).toBe(100);
    expect(usagePercent(1, null)).toBe(0);
    expect(usagePercent(0.01, 0)).toBe(100);
  });
});

describe('the bar colour', () => {
  it('is purple up to 60 %, orange above 60 up to 80 %, red above 80 %', () => {
    expect(barColour(0)).toBe('purple');
    expect(barColour(60)).toBe('purple');
    expect(barColour(60.01)).toBe('orange');
    expect(barColour(80)).toBe('orange');
    expect(barColour(80.01)).toBe('red');
    expect(barColour(100)).toBe('red');
  });
});

describe('the approaching-limit banner', () => {
  it('warns from 80 % of the threshold', () => {
    expect(isApproachingThreshold(7.99, 10)).toBe(false);
    expect(isApproachingThreshold(8, 10)).toBe(true);
    expect(isApproachingThreshold(5, 0)).toBe(false);
  });
});

describe('the displayed plan status', () => {
  it('names the plan (Free, Pro), a payment problem (Past due) and an ended plan (Canceled), never Other', () => {
    expect(statusLabel({ planType: null, status: 'none' })).toBe('Free');
    expect(statusLabel({ planType: 'PRO', status: 'active' })).toBe('Pro');
    expect(statusLabel({ planType: 'PRO', status: 'trialing' })).toBe('Pro (trial)');
    expect(statusLabel({ planType: 'PRO', status: 'past_due' })).toBe('Past due');
    expect(statusLabel({ planType: 'PRO', status: 'grace_period' })).toBe('Past due');
    expect(statusLabel({ planType: 'PRO', status: 'unpaid' })).toBe('Past due');
    expect(statusLabel({ planType: 'PRO', status: 'canceled' })).toBe('Canceled');
    expect(statusLabel({ planType: null, status: 'canceled' })).toBe('Canceled');
    expect(statusLabel({ planType: null, status: 'paused' })).toBe('Free');
  });
});
