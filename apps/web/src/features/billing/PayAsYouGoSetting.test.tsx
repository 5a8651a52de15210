import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { notify } from '../../lib/toast';
import { SubscriptionPage } from './SubscriptionPage';
import { withBillingServices } from './testServices';

const STATUS: SubscriptionStatus = { planType: 'PRO', status: 'active', stripeCustomerId: 'cus_1', currentPeriodEnd: null, cancelAtPeriodEnd: false };
const OFF = { enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0, overageThreshold: 10 };
const budget = (payAsYouGo: BudgetData['payAsYouGo']): BudgetData => ({
  period: '2026-11',
  planType: 'PRO',
  status: 'active',
  monthlyBudget: 20,
  actualCosts: 1,
  remainingBudget: 19,
  payAsYouGo,
});
const USAGE: UsageCurrent = {
  fastCalls: 3,
  premiumCalls: 1,
  fastTokens: 900,
  premiumTokens: 300,
  voiceMinutes: 0,
  period: '2026-11',
  cost: 1,
  reserved: 0,
  limits: { creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 },
};

/** A server whose pay-as-you-go limit is what the last POST set. */
function server(initial: BudgetData['payAsYouGo']) {
  let payAsYouGo = initial;
  const get = vi.fn((path: string) => {
    if (path === '/billing/subscription-status') return Promise.resolve(STATUS);
    if (path === '/billing/budget') return Promise.resolve(budget(payAsYouGo));
    if (path === '/usage/current') return Promise.resolve(USAGE);
    return new Promise(() => undefined);
  });
  const post = vi.fn((_path: string, body: { spendingLimit: number }) => {
    payAsYouGo = { ...payAsYouGo, enabled: body.spendingLimit > 0, spendingLimit: body.spendingLimit };
    return Promise.resolve({ spendingLimit: body.spendingLimit });
  });
  return { get, post };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the pay-as-you-go switch on /subscription', () => {
  it('starts off, asks for a limit (suggesting $10) when switched on, and saves it only on Turn on', async () => {
    vi.spyOn(notify, 'success').mockReturnValue('');
    const api = server(OFF);
    render(<SubscriptionPage />, { wrapper: withBillingServices(api as never) });
    const toggle = await screen.findByRole('switch', { name: 'Pay-as-you-go' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Off — AI calls stop when the Pro credit or a call cap is used up.')).toBeTruthy();
    expect(screen.queryByLabelText('Spending limit (USD a month)')).toBeNull();
    fireEvent.click(toggle);
    const limit = screen.getByLabelText('Spending limit (USD a month)') as HTMLInputElement;
    expect(limit.value).toBe('10');
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(limit, { target: { value: '0' } });
    expect((screen.getByRole('button', { name: 'Turn on' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(limit, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/spending-limit', { spendingLimit: 25 }, expect.anything()));
    expect(await screen.findByText('On — up to $25.00 this month; $0.00 used so far.')).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith('Pay-as-you-go is on, up to $25.00 this month');
  });

  it('turns off at once with a limit of 0', async () => {
    vi.spyOn(notify, 'success').mockReturnValue('');
    const api = server({ ...OFF, enabled: true, spendingLimit: 10, accumulatedCalls: 42, accumulatedCost: 0.42 });
    render(<SubscriptionPage />, { wrapper: withBillingServices(api as never) });
    expect(await screen.findByText('On — up to $10.00 this month; $0.42 used so far.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Pay-as-you-go' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/spending-limit', { spendingLimit: 0 }, expect.anything()));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Pay-as-you-go' }).getAttribute('aria-checked')).toBe('false'));
    expect(notify.success).toHaveBeenCalledWith('Pay-as-you-go is off');
  });
});
