import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { notify } from '../../lib/toast';
import { ProfileBilling } from './ProfileBilling';
import { SubscriptionPage } from './SubscriptionPage';
import { withBillingServices } from './testServices';

// The Pro writer: 1,100 Premium actions, the 250-call cap gone, 860 calls pay-as-you-go, 99 % of the credit left.
const STATUS: SubscriptionStatus = { planType: 'PRO', status: 'active', stripeCustomerId: 'cus_1', currentPeriodEnd: null, cancelAtPeriodEnd: false };
const BUDGET: BudgetData = {
  period: '2026-11',
  planType: 'PRO',
  status: 'active',
  monthlyBudget: 20,
  actualCosts: 0.135,
  remainingBudget: 19.865,
  payAsYouGo: { enabled: true, accumulatedCalls: 860, accumulatedCost: 8.6, spendingLimit: 10, overageThreshold: 10 },
};
const USAGE: UsageCurrent = {
  fastCalls: 40,
  premiumCalls: 250,
  fastTokens: 0,
  premiumTokens: 0,
  voiceMinutes: 12.5,
  period: '2026-11',
  cost: 0.135,
  reserved: 0,
  limits: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 },
};

function answers(path: string): Promise<unknown> {
  if (path === '/billing/subscription-status') return Promise.resolve(STATUS);
  if (path === '/billing/budget') return Promise.resolve(BUDGET);
  if (path === '/usage/current') return Promise.resolve(USAGE);
  return new Promise(() => undefined);
}

beforeEach(() => {
  vi.spyOn(notify, 'error').mockReturnValue('');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const GROUPS = ['AI Credit Budget', 'Calls this period', 'Pay-as-you-go'] as const;

/** The text of each meter group, read from whichever screen is rendered in `root`. */
async function meterText(root: HTMLElement): Promise<string[]> {
  await within(root).findByText('40 of 1,000 Fast calls used');
  return GROUPS.map((name) => within(root).getByRole('group', { name }).textContent ?? '');
}

describe('the meter on the profile menu and on /subscription', () => {
  it('shows the same figures on both, from the one computation', async () => {
    const menu = render(<ProfileBilling />, { wrapper: withBillingServices({ get: vi.fn(answers), post: vi.fn() } as never) });
    const inMenu = await meterText(menu.container);
    cleanup();
    const page = render(<SubscriptionPage />, { wrapper: withBillingServices({ get: vi.fn(answers), post: vi.fn() } as never) });
    const onPage = await meterText(page.container);
    expect(onPage).toEqual(inMenu);
    expect(inMenu[0]).toContain('$0.54 of $80.00 used');
    expect(inMenu[0]).toContain('Shown ×4: $80.00 here is your $20.00 monthly credit');
    expect(inMenu[1]).toContain('250 of 250 Premium calls used');
    expect(inMenu[1]).toContain('12.5 of 200 voice minutes used');
    expect(inMenu[2]).toContain('$8.60 of $10.00 limit spent (860 calls)');
    expect(inMenu[2]).toContain('Pay-as-you-go has started');
  });

  it('marks the end of the credit and of both call caps, not voice, as where pay-as-you-go starts', async () => {
    render(<ProfileBilling />, { wrapper: withBillingServices({ get: vi.fn(answers), post: vi.fn() } as never) });
    await screen.findByText('40 of 1,000 Fast calls used');
    const marked = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('data-payg-after');
    expect([marked('AI credit used'), marked('Fast calls used'), marked('Premium calls used'), marked('Voice minutes used')]).toEqual([
      'true',
      'true',
      'true',
      null,
    ]);
    expect(screen.getByRole('progressbar', { name: 'Premium calls used' }).getAttribute('aria-valuetext')).toBe('100.0%, then pay-as-you-go');
    expect(screen.getAllByText('then pay-as-you-go')).toHaveLength(3);
  });

  it('marks nothing while pay-as-you-go is off, and says the caps stop calls', async () => {
    const off = { ...BUDGET, payAsYouGo: { ...BUDGET.payAsYouGo, enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0 } };
    const get = vi.fn((path: string) => (path === '/billing/budget' ? Promise.resolve(off) : answers(path)));
    render(<ProfileBilling />, { wrapper: withBillingServices({ get, post: vi.fn() } as never) });
    await screen.findByText('40 of 1,000 Fast calls used');
    expect(screen.queryAllByText('then pay-as-you-go')).toHaveLength(0);
    expect(screen.getByText('Pay-as-you-go is off: calls stop at the credit or a call cap')).toBeTruthy();
  });
});
