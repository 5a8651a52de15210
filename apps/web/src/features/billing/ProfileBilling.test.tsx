import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus } from '@bree/contracts';
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

function setup(status: SubscriptionStatus, budget: BudgetData, post = vi.fn()) {
  const get = vi.fn((path: string) => Promise.resolve(path === '/billing/budget' ? budget : status));
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
  it('shows FREE, Upgrade, the credit at ×1 with three decimals under 0.1 %, a purple bar and no pay-as-you-go', async () => {
    setup(FREE_STATUS, FREE_BUDGET);
    expect(await screen.findByText('FREE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    const block = screen.getByRole('group', { name: 'AI Credit Budget' });
    expect(within(block).getByText('$0.00 of $1.00 used · $1.00 left')).toBeTruthy();
    expect(within(block).getByText('0.050% used')).toBeTruthy();
    expect(within(block).getByRole('progressbar').getAttribute('data-colour')).toBe('purple');
    expect(screen.queryByRole('group', { name: 'Pay-as-you-go' })).toBeNull();
  });
});

describe('the profile dropdown for a Pro user', () => {
  it('shows PRO, Manage Subscription, the credit at ×4, an orange bar at 65 % and the pay-as-you-go cost', async () => {
    setup(PRO_STATUS, PRO_BUDGET);
    expect(await screen.findByText('PRO')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const block = screen.getByRole('group', { name: 'AI Credit Budget' });
    expect(within(block).getByText('$52.00 of $80.00 used · $28.00 left')).toBeTruthy();
    expect(within(block).getByText('65.0% used')).toBeTruthy();
    expect(within(block).getByRole('progressbar').getAttribute('data-colour')).toBe('orange');
    const payg = screen.getByRole('group', { name: 'Pay-as-you-go' });
    expect(within(payg).getByText(/\$0\.42 accumulated this period \(42 calls\)/)).toBeTruthy();
  });

  it('is PRO without a plan type when the monthly budget is 20, with a red bar above 80 %', async () => {
    setup(FREE_STATUS, { ...PRO_BUDGET, planType: null, actualCosts: 16.2, remainingBudget: 3.8 });
    expect(await screen.findByText('PRO')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('data-colour')).toBe('red');
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
