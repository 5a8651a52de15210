import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSessionLookup } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import { CheckoutResult } from './CheckoutResult';
import { ProfilePlanBadge } from './ProfileBilling';
import { withBillingServices } from './testServices';

function setup(answer: Promise<CheckoutSessionLookup>) {
  const get = vi.fn(() => answer);
  render(<CheckoutResult sessionId="cs_test_1" />, { wrapper: withBillingServices({ get } as never) });
  return { get };
}

const lookup = (over: Partial<CheckoutSessionLookup>): CheckoutSessionLookup => ({
  sessionId: 'cs_test_1',
  complete: true,
  subscriptionActive: true,
  planType: 'PRO',
  ...over,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the checkout success page', () => {
  it('has the badge read afresh once the server confirmed the subscription', async () => {
    const budget = { monthlyBudget: 1, planType: null };
    let status = { planType: null as string | null, status: 'none' };
    const get = vi.fn((path: string) => {
      if (path === '/billing/subscription-status') return Promise.resolve(status);
      if (path === '/billing/budget') return Promise.resolve(budget);
      status = { planType: 'PRO', status: 'active' };
      return Promise.resolve(lookup({}));
    });
    render(
      <>
        <ProfilePlanBadge />
        <CheckoutResult sessionId="cs_test_1" />
      </>,
      { wrapper: withBillingServices({ get } as never) },
    );
    await pass(1500);
    // Without the refresh the badge would keep the FREE answer it got first.
    expect(get.mock.calls.filter(([path]) => path === '/billing/subscription-status')).toHaveLength(2);
    expect(screen.getByText('PRO')).toBeTruthy();
  });

  it('waits 1.5 s even when the server answered at once, then confirms the active subscription', async () => {
    const { get } = setup(Promise.resolve(lookup({})));
    expect(get).toHaveBeenCalledWith('/billing/checkout-session/cs_test_1', expect.anything());
    await pass(1499);
    expect(screen.getByText('Confirming your subscription…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
    await pass(1);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('says so honestly when the payment went through but the subscription is not active yet', async () => {
    setup(Promise.resolve(lookup({ subscriptionActive: false, planType: null })));
    await pass(1500);
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText(/Your subscription is not active yet/)).toBeTruthy();
  });

  it('does not confirm an unpaid session or one the server does not know', async () => {
    setup(Promise.resolve(lookup({ complete: false, subscriptionActive: false, planType: null })));
    await pass(1500);
    expect(screen.getByRole('heading', { name: 'Checkout not completed' })).toBeTruthy();
    cleanup();
    setup(Promise.reject(new ApiError({ status: 404, code: 'checkout_session_not_found', message: 'No such checkout session' })));
    await pass(1500);
    expect(screen.getByRole('heading', { name: 'We could not confirm this checkout' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
  });
});
