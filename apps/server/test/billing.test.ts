import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('billing with Stripe (a local fake Stripe API)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let me: TestUser;

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
    me = await newUser(t.app, 'billing');
  });

  it('tells the web app that billing is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().billing).toEqual({ enabled: true });
  });

  it('grants Free once at the first sign-in and keeps allocatedAt/allocatedBy on later ones', async () => {
    const first = await me.call('POST', '/api/billing/initialize-welcome');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, allocated: true, allocatedBy: 'initialize-welcome' });
    const again = await me.call('POST', '/api/billing/initialize-welcome', {});
    expect(again.body).toEqual({ ...first.body, allocated: false });
    const balance = (await me.call('GET', '/api/billing/token-balance')).body;
    expect(balance.freeTokens).toMatchObject({ creditDollars: 1, fastCalls: 50, premiumCalls: 10, allocatedAt: first.body.allocatedAt });
    expect(balance.subscriptionTokens).toBeNull();
    // A signed-in tenant without a subscription is metered on Free.
    expect((await me.call('GET', '/api/usage/current')).body.limits).toEqual({ creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 });
  });

  it('grants Free to exactly one of several sign-ins arriving at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => me.call('POST', '/api/billing/initialize-welcome')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.allocated === true)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.allocatedAt)).size).toBe(1);
  });

  it('opens a Pro checkout for the tenant own Stripe customer, and reports Pro once Stripe says it is paid', async () => {
    const checkout = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = fake.sessions.get(checkout.body.sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: me.sub,
      success_url: 'http://localhost:3999/billing/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.line_items_requested).toEqual({ 0: { price: 'price_pro', quantity: '1' }, 1: { price: 'price_payg' } });
    expect(fake.customers.get(String(session.customer))?.metadata).toEqual({ tenantId: me.sub });

    const before = (await me.call('GET', '/api/billing/checkout-session/' + checkout.body.sessionId)).body;
    expect(before).toEqual({ sessionId: checkout.body.sessionId, complete: false, subscriptionActive: false, planType: null });
    fake.completeCheckout(checkout.body.sessionId);
    const after = (await me.call('GET', '/api/billing/checkout-session/' + checkout.body.sessionId)).body;
    expect(after).toEqual({ sessionId: checkout.body.sessionId, complete: true, subscriptionActive: true, planType: 'PRO' });

    const status = (await me.call('GET', '/api/billing/subscription-status')).body;
    // Until the webhook arrives Bree has not changed the tenant's plan; the customer is known.
    expect(status).toMatchObject({ planType: null, status: 'none', stripeCustomerId: session.customer });
  });

  it('does not show one tenant the checkout session of another', async () => {
    const checkout = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    const other = await newUser(t.app, 'other');
    const res = await other.call('GET', '/api/billing/checkout-session/' + checkout.body.sessionId);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('checkout_session_not_found');
    expect((await other.call('GET', '/api/billing/checkout-session/cs_test_unknown')).body.error.code).toBe('checkout_session_not_found');
  });

  it('refuses a plan other than PRO and a portal before any checkout', async () => {
    const bad = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'FREE' });
    expect(bad.status).toBe(400);
    const portal = await me.call('POST', '/api/billing/create-portal-session');
    expect(portal.status).toBe(409);
    expect(portal.body.error.code).toBe('no_billing_customer');
  });

  it('opens the portal for a customer, returning to /subscription', async () => {
    await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    const portal = await me.call('POST', '/api/billing/create-portal-session', {});
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(fake.requests.at(-1)?.body.return_url).toBe('http://localhost:3999/subscription');
  });

  it('answers 502 billing_provider_error when Stripe fails, and stores no customer', async () => {
    fake.failNext(2);
    const res = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('billing_provider_error');
    expect((await me.call('GET', '/api/billing/subscription-status')).body.stripeCustomerId).toBeNull();
  });

  it('keeps the spending limit the user sets and rejects one out of range', async () => {
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 25.5 })).body).toEqual({ spendingLimit: 25.5 });
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: -1 })).status).toBe(400);
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 1e9 })).status).toBe(400);
    const budget = (await me.call('GET', '/api/billing/budget')).body;
    // Free has no pay-as-you-go: the limit applies once the tenant is Pro.
    expect(budget).toMatchObject({ planType: null, status: 'none', monthlyBudget: 1, actualCosts: 0, remainingBudget: 1 });
    expect(budget.payAsYouGo).toMatchObject({ enabled: false, spendingLimit: 0, overageThreshold: 10 });
  });
});
