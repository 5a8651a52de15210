import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingUsage } from '@bree/contracts';
import { UsageReport } from './UsageReport';
import { withBillingServices } from './testServices';

const line = { fastCalls: 2, premiumCalls: 1, tokens: 1500, voiceMinutes: 0, cost: 0.03 };
const REPORT: BillingUsage = {
  period: '2026-11',
  totals: { fastCalls: 4, premiumCalls: 2, tokens: 3000, voiceMinutes: 1.5, cost: 0.06 },
  days: [
    { ...line, date: '2026-11-02' },
    { ...line, date: '2026-11-03', voiceMinutes: 1.5 },
  ],
  documents: [
    { ...line, fileId: 'f1', name: 'Chapter One' },
    { ...line, fileId: 'gone', name: null, fastCalls: 1, premiumCalls: 0 },
    { ...line, fileId: null, name: null, fastCalls: 1, premiumCalls: 1 },
  ],
};

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the usage report', () => {
  it('lists the period per day and per document, names documents, and totals each table', async () => {
    const get = vi.fn((path: string) => (path === '/billing/usage' ? Promise.resolve(REPORT) : Promise.reject(new Error(`unexpected ${path}`))));
    render(<UsageReport />, { wrapper: withBillingServices({ get } as never) });
    expect(await screen.findByRole('heading', { name: 'Usage for 2026-11' })).toBeTruthy();
    const perDay = screen.getByRole('table', { name: 'Per day' });
    expect(
      within(perDay)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayCallsTokensVoice minCost', '2026-11-0231,5000.0$0.03', '2026-11-0331,5001.5$0.03', 'Total63,0001.5$0.06']);
    const perDocument = screen.getByRole('table', { name: 'Per document' });
    expect((await within(perDocument).findByRole('link', { name: 'Chapter One' })).getAttribute('href')).toBe('/app/f1');
    expect(within(perDocument).getByText('Deleted document')).toBeTruthy();
    expect(within(perDocument).getByText('Outside a document')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    // The names come with the report: the whole document list is not fetched for them (the budget is for the ×4 note).
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual(['/billing/budget', '/billing/usage']);
    expect(screen.queryByText(/shows them ×4/)).toBeNull();
  });

  it('says its costs are the dollars billed where the meter shows them ×4 (docs/BILLING.md#the-meter)', async () => {
    const budget = { period: '2026-11', planType: 'PRO', status: 'active', monthlyBudget: 20, actualCosts: 0.06, remainingBudget: 19.94 };
    const payAsYouGo = { enabled: false, accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0, overageThreshold: 10 };
    const get = vi.fn((path: string) => Promise.resolve(path === '/billing/usage' ? REPORT : { ...budget, payAsYouGo }));
    render(<UsageReport />, { wrapper: withBillingServices({ get } as never) });
    expect(await screen.findByText('Costs here are the dollars billed; the AI Credit Budget shows them ×4.')).toBeTruthy();
  });
});
