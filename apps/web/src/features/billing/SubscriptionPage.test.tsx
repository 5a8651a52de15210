import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { SubscriptionPage } from './SubscriptionPage';
import { withBillingServices } from './testServices';

const STATUS: SubscriptionStatus = { planType: null, status: 'none', stripeCustomerId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
const BUDGET: BudgetData = {
  period: '2026-11',
  planType: null,
  status: 'none',
  monthlyBudget: 1,
  actualCosts: 0.2,
  remainingBudget: 0.8,
  payAsYouGo: { enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0, overageThreshold: 10 },
};
const USAGE: UsageCurrent = {
  fastCalls: 3,
  premiumCalls: 1,
  fastTokens: 900,
  premiumTokens: 300,
  voiceMinutes: 0,
  period: '2026-11',
  cost: 0.2,
  reserved: 0,
  limits: { creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 },
};

function answers(path: string): Promise<unknown> {
  if (path === '/billing/subscription-status') return Promise.resolve(STATUS);
  if (path === '/billing/budget') return Promise.resolve(BUDGET);
  if (path === '/usage/current') return Promise.resolve(USAGE);
  return new Promise(() => undefined);
}

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  error = vi.spyOn(notify, 'error').mockReturnValue('');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Upgrade button', () => {
  it("shows 'Processing...' disabled until the call fails, then resets to 'Upgrade' with the server's message", async () => {
    let fail: (reason: unknown) => void = () => undefined;
    const post = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    render(<SubscriptionPage />, { wrapper: withBillingServices({ get: vi.fn(answers), post } as never) });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const processing = (await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    // A second, fast click does nothing while the first call runs.
    fireEvent.click(processing);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/billing/create-checkout-session', { planType: 'PRO' }, expect.anything());
    fail(new ApiError({ status: 502, code: 'billing_provider_error', message: 'Stripe could not be reached' }));
    const reset = (await screen.findByRole('button', { name: 'Upgrade' })) as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Stripe could not be reached'));
  });

  it('shows the plans, Pro featured with its badge, and the current plan with its status and usage', async () => {
    render(<SubscriptionPage />, { wrapper: withBillingServices({ get: vi.fn(answers), post: vi.fn() } as never) });
    expect(await screen.findByRole('heading', { name: 'Current plan: Free' })).toBeTruthy();
    expect(screen.getByText('Status:').textContent).toContain('Free');
    expect(screen.queryByText('Other')).toBeNull();
    for (const name of ['Free', 'Pro', 'Pay-as-you-go']) expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
    expect(screen.getByText('Beta pricing')).toBeTruthy();
    expect(screen.getByText('$20 / month')).toBeTruthy();
    expect(screen.getByText('Your current plan')).toBeTruthy();
    // The meter (docs/BILLING.md#the-meter) names the tiers as the app does: Fast and Premium.
    expect(screen.getByText('3 of 50 Fast calls used')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });
});

describe('/subscription with billing off', () => {
  it('says this Bree has no online payments and shows the plan every account has, asking no billing route', async () => {
    const get = vi.fn(answers);
    render(<SubscriptionPage />, { wrapper: withBillingServices({ get, post: vi.fn() } as never, { billing: false }) });
    expect(screen.getByRole('heading', { name: 'This Bree has no online payments' })).toBeTruthy();
    expect(await screen.findByText('$1.00 AI credit per month')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/usage/current']);
  });
});
