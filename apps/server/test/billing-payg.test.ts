import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { periodOf } from '../src/modules/usage/usage.plans';
import { newUser, type TestUser } from './api-client';
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('pay-as-you-go past the Pro credit, and its meter events', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let me: TestUser;
  let customerId: string;

  const reserve = () => t.services.usage.reserve({ tenantId: me.sub, tier: 'fast', modelId: 'gemini-2.5-flash', promptTokens: 100, maxOutputTokens: 100 });
  /** Spends the month's whole credit. */
  const exhaustCredit = (credit: string) =>
    t.database.query(
      `insert into usage_periods (tenant_id, period, cost) values ($1, $2, $3::numeric)
       on conflict (tenant_id, period) do update set cost = excluded.cost`,
      [me.sub, periodOf(new Date()), credit],
    );

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
    me = await newUser(t.app, 'payg');
    const checkout = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    const { session } = fake.completeCheckout(checkout.body.sessionId as string);
    customerId = String(session.customer);
    const event = fake.event('checkout.session.completed', session);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(event.payload, FAKE_WEBHOOK_SECRET) },
      payload: event.payload,
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets a Pro call through as pay-as-you-go once the $20 credit is spent, up to the spending limit', async () => {
    await exhaustCredit('20');
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0.02 })).status).toBe(200);
    const first = await reserve();
    expect(first).toMatchObject({ payg: true, dollars: '0' });
    await t.services.usage.settle({ reservation: first, inputTokens: 30, outputTokens: 12 });
    const balance = (await me.call('GET', '/api/billing/token-balance')).body;
    expect(balance.payAsYouGoTokens).toMatchObject({ accumulatedCalls: 1, accumulatedTokens: 42, accumulatedCost: 0.01, spendingLimit: 0.02 });
    expect(await reserve()).toMatchObject({ payg: true });
    await expect(reserve()).rejects.toMatchObject({ status: 402, code: 'budget_exceeded' });
    const budget = (await me.call('GET', '/api/billing/budget')).body;
    expect(budget).toMatchObject({ planType: 'PRO', monthlyBudget: 20, actualCosts: 20, remainingBudget: 0 });
    expect(budget.payAsYouGo).toEqual({ enabled: true, accumulatedCalls: 2, accumulatedCost: 0.02, spendingLimit: 0.02, overageThreshold: 10 });
  });

  it('refuses pay-as-you-go with a spending limit of 0 (turned off: payg_off), and for a Free tenant', async () => {
    await exhaustCredit('20');
    await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0 });
    await expect(reserve()).rejects.toMatchObject({ status: 402, code: 'payg_off' });
    // Canceled: back to Free, whose $1 credit is spent as well.
    const [subscription] = [...fake.subscriptions.values()].filter((s) => s.customer === customerId);
    fake.updateSubscription(String(subscription!.id), { status: 'canceled' });
    const event = fake.event('customer.subscription.deleted', subscription!);
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(event.payload, FAKE_WEBHOOK_SECRET) },
      payload: event.payload,
    });
    await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 50 });
    await expect(reserve()).rejects.toMatchObject({ code: 'budget_exceeded' });
  });

  it('sends a closed month to Stripe once as a meter event, and calls counted late as one more', async () => {
    await t.database.query(`insert into usage_periods (tenant_id, period, payg_calls) values ($1, '2020-01', 3)`, [me.sub]);
    const before = fake.meterEvents.length;
    expect(await t.services.billing.reportPayAsYouGo()).toBe(1);
    expect(fake.meterEvents.slice(before)).toEqual([
      expect.objectContaining({
        event_name: 'bree_payg_calls',
        identifier: `bree-payg-${me.sub}-2020-01-3`,
        timestamp: String(Date.UTC(2020, 1, 1) / 1000 - 1),
        payload: { stripe_customer_id: customerId, value: '3' },
      }),
    ]);
    expect(await t.services.billing.reportPayAsYouGo()).toBe(0);
    await t.database.query(`update usage_periods set payg_calls = 5 where tenant_id = $1 and period = '2020-01'`, [me.sub]);
    expect(await t.services.billing.reportPayAsYouGo()).toBe(1);
    expect(fake.meterEvents.at(-1)).toMatchObject({ payload: { value: '2' } });
    // The running month is not sent.
    await t.database.query(`insert into usage_periods (tenant_id, period, payg_calls) values ($1, $2, 7)`, [me.sub, periodOf(new Date())]);
    const count = fake.meterEvents.length;
    await t.services.billing.reportPayAsYouGo();
    expect(fake.meterEvents.length).toBe(count);
  });
});
