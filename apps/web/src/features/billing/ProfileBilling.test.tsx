import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { notify } from '../../lib/toast';
import { ProfileBilling, ProfilePlanBadge } from './ProfileBilling';
import { withBillingServices } from './testServices';

const FREE_STATUS: SubscriptionStatus = { planType: null, status: 'none', stripeCustomerId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
const PRO_STATUS: SubscriptionStatus = { ...FREE_STATUS, planType: 'PRO', status: 'active', stripeCustomerId: 'cus_1' };
const payAsYouGo = { enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0, overageThreshold: 10 };
const FREE_BUDGET: BudgetData = {
  period: '2026-11',
  planType: null,
  status: 'none',
  monthlyBudget: 1,
  actualCosts: 0.0005,
  remainingBudget: 0.9995,
  payAsYouGo,
};
const PRO_BUDGET: BudgetData = {
  ...FREE_BUDGET,
  planType: 'PRO',
  status: 'active',
  monthlyBudget: 20,
  actualCosts: 13,
  remainingBudget: 7,
  payAsYouGo: { ...payAsYouGo, enabled: true, accumulatedCalls: 42, accumulatedCost: 0.42, spendingLimit: 10 },
};

const USAGE: UsageCurrent = {
  fastCalls: 12,
  premiumCalls: 3,
  fastTokens: 0,
  premiumTokens: 0,
  voiceMinutes: 0,
  period: '2026-11',
  cost: 0.0005,
  reserved: 0,
  limits: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
};

function setup(status: SubscriptionStatus, budget: BudgetData, post = vi.fn()) {
  const get = vi.fn((path: string) => Promise.resolve(path === '/billing/budget' ? budget : path === '/usage/current' ? USAGE : status));
  render(
    <>
      <ProfilePlanBadge />
      <ProfileBilling />
    </>,
    { wrapper: withBillingServices({ get, post } as never) },
  );
  return { get, post };
}

beforeEach(() => {
  vi.spyOn(notify, 'error').mockReturnValue('');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the profile dropdown for a Free user', () => {
  it('shows FREE, Upgrade, the credit at ×1 with three decimals under 0.1 %, a purple bar, the call caps and pay-as-you-go as a Pro feature', async () => {
    setup(FREE_STATUS, FREE_BUDGET);
    expect(await screen.findByText('FREE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    const block = await screen.findByRole('group', { name: 'AI Credit Budget' });
    expect(within(block).getByText('$0.00 of $1.00 used · $1.00 left')).toBeTruthy();
    expect(within(block).getByText('0.050% used')).toBeTruthy();
    expect(within(block).getByRole('progressbar').getAttribute('data-colour')).toBe('purple');
    expect(within(block).queryByText(/Shown ×4/)).toBeNull();
    const calls = await screen.findByRole('group', { name: 'Calls this period' });
    expect(within(calls).getByText('12 of 50 Fast calls used')).toBeTruthy();
    expect(within(calls).getByText('3 of 10 Premium calls used')).toBeTruthy();
    // Free has no voice minutes: no '0.0 of 0' line.
    expect(within(calls).queryByText(/voice minutes/)).toBeNull();
    const payg = screen.getByRole('group', { name: 'Pay-as-you-go' });
    expect(within(payg).getByText('Comes with Pro')).toBeTruthy();
    expect(within(payg).getByText('Calls stop at the credit or a call cap')).toBeTruthy();
  });
});

describe('the profile dropdown for a Pro user', () => {
  it('shows PRO, Manage Subscription, the credit at ×4 with what ×4 means, an orange bar at 65 % and pay-as-you-go spent of its limit', async () => {
    setup(PRO_STATUS, PRO_BUDGET);
    expect(await screen.findByText('PRO')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const block = await screen.findByRole('group', { name: 'AI Credit Budget' });
    expect(within(block).getByText('$52.00 of $80.00 used · $28.00 left')).toBeTruthy();
    expect(within(block).getByText('65.0% used')).toBeTruthy();
    expect(within(block).getByText('Shown ×4: $80.00 here is your $20.00 monthly credit')).toBeTruthy();
    expect(within(block).getByRole('progressbar', { name: 'AI credit used' }).getAttribute('data-colour')).toBe('orange');
    const payg = screen.getByRole('group', { name: 'Pay-as-you-go' });
    expect(within(payg).getByText('$0.42 of $10.00 limit spent (42 calls)')).toBeTruthy();
    expect(within(payg).getByText('Pay-as-you-go has started: about $0.01 a call, up to your $10.00 limit')).toBeTruthy();
  });

  it('is PRO without a plan type when the monthly budget is 20, with a red bar above 80 %', async () => {
    setup(FREE_STATUS, { ...PRO_BUDGET, planType: null, actualCosts: 16.2, remainingBudget: 3.8 });
    expect(await screen.findByText('PRO')).toBeTruthy();
    expect((await screen.findByRole('progressbar', { name: 'AI credit used' })).getAttribute('data-colour')).toBe('red');
  });

  it('opens the portal from Manage Subscription', async () => {
    const post = vi.fn(() => new Promise(() => undefined));
    setup(PRO_STATUS, PRO_BUDGET, post);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/billing/create-portal-session', undefined, expect.anything()));
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the profile dropdown with billing off', () => {
  it('shows no badge and no billing blocks, and asks nothing', () => {
    const get = vi.fn();
    render(
      <>
        <ProfilePlanBadge />
        <ProfileBilling />
      </>,
      { wrapper: withBillingServices({ get } as never, { billing: false }) },
    );
    expect(screen.queryByText('FREE')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
