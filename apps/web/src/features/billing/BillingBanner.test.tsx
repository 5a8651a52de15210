import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus } from '@bree/contracts';
import { BillingBanner } from './BillingBanner';
import { withBillingServices } from './testServices';

const STATUS: SubscriptionStatus = { planType: 'PRO', status: 'active', stripeCustomerId: 'cus_1', currentPeriodEnd: null, cancelAtPeriodEnd: false };
const BUDGET: BudgetData = {
  period: '2026-11',
  planType: 'PRO',
  status: 'active',
  monthlyBudget: 20,
  actualCosts: 20,
  remainingBudget: 0,
  payAsYouGo: { enabled: true, accumulatedCalls: 850, accumulatedCost: 8.5, spendingLimit: 20, overageThreshold: 10 },
};

function setup(status: SubscriptionStatus, budget: BudgetData) {
  const get = vi.fn((path: string) => Promise.resolve(path === '/billing/budget' ? budget : status));
  const post = vi.fn(() => new Promise(() => undefined));
  render(<BillingBanner />, { wrapper: withBillingServices({ get, post } as never) });
  return { post, get };
}

/** Both answers have been asked for and their promises settled into the query cache. */
async function settled(get: ReturnType<typeof vi.fn>) {
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('the billing banner', () => {
  it('says nothing of pay-as-you-go nearing its threshold: that is the one usage notice (UsageNotice)', async () => {
    const { get } = setup(STATUS, BUDGET);
    await settled(get);
    expect(screen.queryByText(/approaching your usage limit/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays dismissed on the next page of the session', async () => {
    setup({ ...STATUS, status: 'grace_period' }, BUDGET);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment failed - please update your billing information')).toBeNull();
    cleanup();
    const again = setup({ ...STATUS, status: 'grace_period' }, BUDGET);
    await settled(again.get);
    expect(screen.queryByText('Payment failed - please update your billing information')).toBeNull();
  });

  it('shows the payment failure with Update Payment opening the portal', async () => {
    const { post } = setup({ ...STATUS, status: 'grace_period' }, BUDGET);
    expect(await screen.findByText('Payment failed - please update your billing information')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Payment' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/billing/create-portal-session', undefined, expect.anything()));
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
