import { describe, expect, it } from 'vitest';
import { barColour, costMultiplier, formatPercent, meterFigures, usagePercent, type MeterBudget, type MeterUsage } from './meter';

const payAsYouGo = { enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0, overageThreshold: 10 };
const FREE: MeterBudget = { period: '2026-11', planType: null, monthlyBudget: 1, actualCosts: 0.005, remainingBudget: 0.995, payAsYouGo };
const PRO: MeterBudget = {
  ...FREE,
  planType: 'PRO',
  monthlyBudget: 20,
  actualCosts: 0.135,
  remainingBudget: 19.865,
  payAsYouGo: { ...payAsYouGo, enabled: true, spendingLimit: 10 },
};
const usage = (over: Partial<MeterUsage> = {}): MeterUsage => ({
  period: '2026-11',
  fastCalls: 12,
  premiumCalls: 3,
  voiceMinutes: 1.25,
  cost: 0.005,
  limits: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
  ...over,
});
const PRO_LIMITS = { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 };

describe('the ×4 display rule', () => {
  it('is ×1 below a monthly budget of 20 and ×4 from exactly 20', () => {
    expect(costMultiplier(null)).toBe(1);
    expect(costMultiplier(19.99)).toBe(1);
    expect(costMultiplier(20)).toBe(4);
    expect(costMultiplier(20.01)).toBe(4);
  });

  it('shows a Free credit in plain dollars with no ×4 note', () => {
    const { credit } = meterFigures({ budget: FREE, usage: usage() });
    expect(credit.multiplier).toBe(1);
    expect(credit.text).toBe('$0.01 of $1.00 used · $0.99 left');
    expect(credit.note).toBeNull();
  });

  it('shows a Pro credit ×4 — spent, cap and left alike — and says the shown cap is the plan’s $20.00 credit', () => {
    const { credit } = meterFigures({ budget: PRO, usage: usage({ limits: PRO_LIMITS }) });
    expect(credit.multiplier).toBe(4);
    expect(credit.text).toBe('$0.54 of $80.00 used · $79.46 left');
    expect(credit.note).toBe('Shown ×4: $80.00 here is your $20.00 monthly credit');
    expect(credit.monthlyCredit).toBe(20);
  });

  it('applies ×4 to a budget of 20 without a plan type, and ×1 to 19.99', () => {
    expect(meterFigures({ budget: { ...PRO, planType: null } }).credit.note).toMatch(/^Shown ×4/);
    expect(meterFigures({ budget: { ...PRO, planType: null, monthlyBudget: 19.99 } }).credit.note).toBeNull();
  });
});

describe('the percentage and the bar colour', () => {
  it('shows 3 decimals under 0.1 % and 1 from 0.1 %', () => {
    expect(formatPercent(0.0999)).toBe('0.100%');
    expect(formatPercent(0.1)).toBe('0.1%');
    expect(meterFigures({ budget: FREE }).credit.percentText).toBe('0.5%');
    expect(meterFigures({ budget: { ...FREE, actualCosts: 0.0005 } }).credit.percentText).toBe('0.050%');
  });

  it('is purple to 60 %, orange above 60 to 80 %, red above 80 %', () => {
    expect(barColour(60)).toBe('purple');
    expect(barColour(60.01)).toBe('orange');
    expect(barColour(80)).toBe('orange');
    expect(barColour(80.01)).toBe('red');
    const gauge = (premiumCalls: number) => meterFigures({ usage: usage({ premiumCalls }) }).premium.colour;
    expect([gauge(6), gauge(7), gauge(8), gauge(9)]).toEqual(['purple', 'orange', 'orange', 'red']);
  });

  it('keeps the share within 0–100, a cap of 0 full once used, and no cap at 0', () => {
    expect(usagePercent(30, 20)).toBe(100);
    expect(usagePercent(0.01, 0)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(5, null)).toBe(0);
  });
});

describe('the calls and minutes', () => {
  it('shows Fast, Premium and voice used of their caps', () => {
    const figures = meterFigures({ budget: FREE, usage: usage() });
    expect(figures.fast.text).toBe('12 of 50 Fast calls used');
    expect(figures.premium.text).toBe('3 of 10 Premium calls used');
    expect(figures.voice.text).toBe('1.3 of 0 voice minutes used');
    expect(figures.premium.percentText).toBe('30.0%');
  });

  it('says no cap where the plan has none (a server without billing)', () => {
    const figures = meterFigures({ usage: usage({ cost: 1.5, limits: { creditDollars: null, fastCalls: null, premiumCalls: null, voiceMinutes: null } }) });
    expect(figures.credit.text).toBe('$1.50 used · no monthly cap');
    expect(figures.fast.text).toBe('12 Fast calls · no cap');
    expect(figures.voice.text).toBe('1.3 voice minutes · no cap');
    expect(figures.payg.available).toBe(false);
  });

  it('reads the credit from the usage record with billing off, and from the budget when both are there', () => {
    expect(meterFigures({ usage: usage({ cost: 0.25 }) }).credit.text).toBe('$0.25 of $1.00 used · $0.75 left');
    expect(meterFigures({ budget: FREE, usage: usage({ cost: 0.25 }) }).credit.text).toBe('$0.01 of $1.00 used · $0.99 left');
  });
});

describe('where pay-as-you-go starts', () => {
  it('is not offered on Free: the caps are a stop', () => {
    const { payg, premium } = meterFigures({ budget: FREE, usage: usage({ premiumCalls: 10 }) });
    expect(payg).toMatchObject({ available: false, enabled: false, started: false, text: 'Comes with Pro', gauge: null });
    expect(payg.startsAt).toBe('Calls stop at the credit or a call cap');
    expect(premium.paygAfter).toBe(false);
  });

  it('is off on Pro without a limit: no marks, and the caps stop calls', () => {
    const { payg, premium, credit } = meterFigures({ budget: { ...PRO, payAsYouGo }, usage: usage({ limits: PRO_LIMITS }) });
    expect(payg.text).toBe('Off');
    expect(payg.startsAt).toBe('Pay-as-you-go is off: calls stop at the credit or a call cap');
    expect([credit.paygAfter, premium.paygAfter]).toEqual([false, false]);
  });

  it('marks the end of the credit and of both call caps (not voice) when on, and has not started below them', () => {
    const figures = meterFigures({ budget: PRO, usage: usage({ premiumCalls: 249, limits: PRO_LIMITS }) });
    expect([figures.credit.paygAfter, figures.fast.paygAfter, figures.premium.paygAfter, figures.voice.paygAfter]).toEqual([true, true, true, false]);
    expect(figures.payg.started).toBe(false);
    expect(figures.payg.text).toBe('$0.00 of $10.00 limit spent (0 calls)');
    expect(figures.payg.startsAt).toBe('Pay-as-you-go starts when the credit or a call cap runs out: about $0.01 a call, up to your $10.00 limit');
  });

  it('has started once the Premium cap is reached, with 99 % of the credit left', () => {
    const budget = { ...PRO, payAsYouGo: { ...PRO.payAsYouGo, accumulatedCalls: 860, accumulatedCost: 8.6 } };
    const figures = meterFigures({ budget, usage: usage({ premiumCalls: 250, limits: PRO_LIMITS }) });
    expect(figures.premium.percent).toBe(100);
    expect(figures.payg.started).toBe(true);
    expect(figures.payg.text).toBe('$8.60 of $10.00 limit spent (860 calls)');
    expect(figures.payg.gauge?.colour).toBe('red');
    expect(figures.payg.startsAt).toBe('Pay-as-you-go has started: about $0.01 a call, up to your $10.00 limit');
  });

  it('counts as started at a cap even before the first pay-as-you-go call is recorded', () => {
    expect(meterFigures({ budget: { ...PRO, actualCosts: 20 }, usage: usage({ limits: PRO_LIMITS }) }).payg.started).toBe(true);
    expect(meterFigures({ budget: { ...PRO, actualCosts: 19.99 }, usage: usage({ limits: PRO_LIMITS }) }).payg.started).toBe(false);
  });
});
