import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, UsageCurrent } from '@bree/contracts';
import { UsageNotice } from './UsageNotice';
import { usageNotices } from './usageNotices';
import { withBillingServices } from './testServices';

const USAGE: UsageCurrent = {
  fastCalls: 0,
  premiumCalls: 0,
  fastTokens: 0,
  premiumTokens: 0,
  voiceMinutes: 0,
  period: '2026-11',
  cost: 0,
  reserved: 0,
  limits: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 },
};
const BUDGET: BudgetData = {
  period: '2026-11',
  planType: 'PRO',
  status: 'active',
  monthlyBudget: 20,
  actualCosts: 0,
  remainingBudget: 20,
  payAsYouGo: { enabled: true, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 10, overageThreshold: 10 },
};

describe('usageNotices: 80 % of each cap, and pay-as-you-go beginning', () => {
  it('says nothing below 80 % and names each cap from 80 % on', () => {
    expect(usageNotices({ usage: { ...USAGE, fastCalls: 799, premiumCalls: 199, voiceMinutes: 159.9, cost: 15.99 }, budget: BUDGET })).toEqual([]);
    const keys = usageNotices({ usage: { ...USAGE, fastCalls: 800, premiumCalls: 200, voiceMinutes: 160, cost: 16 }, budget: BUDGET }).map((n) => n.key);
    expect(keys).toEqual(['credit-80', 'fast-80', 'premium-80', 'voice-80']);
    expect(usageNotices({ usage: { ...USAGE, premiumCalls: 200 }, budget: undefined })[0]?.text).toBe("You've used 200 of this month's 250 Premium calls.");
  });

  it('puts pay-as-you-go first once a call was billed by it, and ignores caps a plan does not have', () => {
    const payg = { ...BUDGET, payAsYouGo: { ...BUDGET.payAsYouGo, accumulatedCalls: 3, accumulatedCost: 0.03 } };
    const notices = usageNotices({ usage: { ...USAGE, premiumCalls: 250 }, budget: payg });
    expect(notices.map((n) => n.key)).toEqual(['payg-started', 'premium-80']);
    expect(notices[0]?.text).toBe('Pay-as-you-go has begun: calls now cost about $0.01 each, up to your $10.00 limit ($0.03 so far).');
    // Nearing the pay-as-you-go threshold (80 % of it) is the one pay-as-you-go warning: the spec's banner words, not a second notice.
    const near = { ...BUDGET, payAsYouGo: { ...BUDGET.payAsYouGo, accumulatedCalls: 850, accumulatedCost: 8.5, spendingLimit: 20 } };
    const merged = usageNotices({ usage: { ...USAGE, premiumCalls: 250 }, budget: near });
    expect(merged.map((n) => n.key)).toEqual(['payg-threshold', 'premium-80']);
    expect(merged[0]?.text).toBe("You're approaching your usage limit ($8.50 of $10 threshold)");
    const below = { ...near, payAsYouGo: { ...near.payAsYouGo, accumulatedCost: 7.99 } };
    expect(usageNotices({ usage: undefined, budget: below }).map((n) => n.key)).toEqual(['payg-started']);
    const unlimited = { ...USAGE, cost: 500, voiceMinutes: 0, limits: { creditDollars: null, fastCalls: null, premiumCalls: null, voiceMinutes: 0 } };
    expect(usageNotices({ usage: unlimited, budget: undefined })).toEqual([]);
  });
});

describe('<UsageNotice>', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => cleanup());

  it('shows the most pressing notice, the next once dismissed, and none again this period after a reload', async () => {
    const usage = { ...USAGE, premiumCalls: 210, fastCalls: 900 };
    const get = vi.fn((path: string) => Promise.resolve(path === '/usage/current' ? usage : BUDGET));
    const first = render(<UsageNotice />, { wrapper: withBillingServices({ get } as never) });
    expect(await screen.findByText("You've used 900 of this month's 1000 Fast calls.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Usage' }).getAttribute('href')).toBe('/subscription');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss usage notice' }));
    expect(await screen.findByText("You've used 210 of this month's 250 Premium calls.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss usage notice' }));
    expect(screen.queryByRole('status')).toBeNull();
    first.unmount();

    render(<UsageNotice />, { wrapper: withBillingServices({ get } as never) });
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(4));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the same threshold again in a new period', async () => {
    localStorage.setItem('bree.usageNotices.dismissed', JSON.stringify(['2026-10:premium-80']));
    const get = vi.fn((path: string) => Promise.resolve(path === '/usage/current' ? { ...USAGE, premiumCalls: 240 } : BUDGET));
    render(<UsageNotice />, { wrapper: withBillingServices({ get } as never) });
    expect(await screen.findByText("You've used 240 of this month's 250 Premium calls.")).toBeTruthy();
  });
});
