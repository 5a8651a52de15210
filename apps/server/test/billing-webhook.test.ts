import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/db';
import { newUser, type TestUser } from './api-client';
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { paidCheckout as paidCheckoutAt } from './billing-support';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** The billing rows, to prove a refused webhook changed nothing. */
async function billingRows(database: Database): Promise<unknown[]> {
  return [
    ...(await database.query('select * from billing_accounts order by tenant_id')),
    ...(await database.query('select event_id from billing_events order by event_id')),
  ];
}

describe('the Stripe webhook', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let me: TestUser;

  const post = (payload: string, signature?: string, contentType = 'application/json; charset=utf-8') =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  /** Sends an event signed as Stripe does. */
  const deliver = (event: { payload: string }) => post(event.payload, fake.sign(event.payload, FAKE_WEBHOOK_SECRET));
  const status = async () => (await me.call('GET', '/api/billing/subscription-status')).body;

  /** A checkout paid at Stripe: the session, its subscription, and the events Stripe would send. */
  const paidCheckout = () => paidCheckoutAt(fake, me);

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
    me = await newUser(t.app, 'hooks');
  });

  it('makes the tenant Pro on checkout.session.completed, and meters it on the Pro plan', async () => {
    const { session, subscription } = await paidCheckout();
    const res = await deliver(fake.event('checkout.session.completed', session));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toMatchObject({ planType: 'PRO', status: 'active', stripeCustomerId: session.customer, cancelAtPeriodEnd: false });
    expect((await me.call('GET', '/api/usage/current')).body.limits).toEqual({ creditDollars: 20, fastCalls: 1000, premiumCalls: 250, voiceMinutes: 200 });
    const balance = (await me.call('GET', '/api/billing/token-balance')).body;
    expect(balance.subscriptionTokens).toMatchObject({ planType: 'PRO', subscriptionId: subscription.id, creditDollars: 20 });
    // Pay-as-you-go stays off on a new Pro plan until the writer turns it on with a limit (docs/BILLING.md#pay-as-you-go).
    expect(balance.payAsYouGoTokens).toMatchObject({ accumulatedCalls: 0, accumulatedCost: 0, spendingLimit: 0 });
    // A second checkout for a Pro account is refused; the portal manages the subscription.
    const again = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_subscribed');
  });

  it('refuses unsigned, wrongly signed, tampered and stale events with 400 invalid_signature, changing nothing', async () => {
    const { session } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    const before = await billingRows(t.database);
    const tampered = event.payload.replace('"complete"', '"open"');
    expect(tampered).not.toBe(event.payload);
    const stale = Math.floor(Date.now() / 1000) - 301;
    const answers = [
      await post(event.payload),
      await post(event.payload, 'garbage'),
      await post(event.payload, fake.sign(event.payload, 'whsec_someone_else')),
      await post(tampered, fake.sign(event.payload, FAKE_WEBHOOK_SECRET)),
      await post(event.payload, fake.sign(event.payload, FAKE_WEBHOOK_SECRET, stale)),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    expect(await billingRows(t.database)).toEqual(before);
    expect((await status()).planType).toBeNull();
    // The same event, properly signed, is still applied afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await status()).planType).toBe('PRO');
  });

  it('applies the same event once when Stripe delivers it twice', async () => {
    const { session } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    const after = await billingRows(t.database);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await billingRows(t.database)).toEqual(after);
  });

  it('applies an event once when two deliveries of it arrive at the same time', async () => {
    const { session } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().duplicate).sort()).toEqual([false, true]);
    expect(await t.database.query('select event_id from billing_events')).toEqual([{ event_id: event.id }]);
  });

  it('ends in the same state when subscription.updated arrives before checkout.session.completed', async () => {
    const { session, subscription } = await paidCheckout();
    const completed = fake.event('checkout.session.completed', session);
    fake.updateSubscription(String(subscription.id), { cancel_at_period_end: true });
    const updated = fake.event('customer.subscription.updated', subscription);
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    const reversed = await status();
    expect(reversed).toMatchObject({ planType: 'PRO', status: 'active', cancelAtPeriodEnd: true });

    // The same two events in Stripe's order give the same answer.
    await resetDatabase(t.database);
    me = await newUser(t.app, 'hooks-in-order');
    const second = await paidCheckout();
    const completed2 = fake.event('checkout.session.completed', second.session);
    fake.updateSubscription(String(second.subscription.id), { cancel_at_period_end: true });
    const updated2 = fake.event('customer.subscription.updated', second.subscription);
    await deliver(completed2);
    await deliver(updated2);
    // Customer ids and period dates belong to each checkout; the states are the same.
    const inOrder = await status();
    expect(inOrder).toEqual({ ...reversed, stripeCustomerId: inOrder.stripeCustomerId, currentPeriodEnd: inOrder.currentPeriodEnd });
  });

  it('does not let an older subscription event undo a cancellation', async () => {
    const { session, subscription } = await paidCheckout();
    const created = fake.event('customer.subscription.created', subscription);
    await deliver(fake.event('checkout.session.completed', session));
    fake.updateSubscription(String(subscription.id), { status: 'canceled' });
    await deliver(fake.event('customer.subscription.deleted', subscription));
    expect(await status()).toMatchObject({ planType: null, status: 'canceled' });
    // The late 'created' event still carries 'active'; Stripe's current object says canceled.
    await deliver(created);
    expect(await status()).toMatchObject({ planType: null, status: 'canceled' });
    expect((await me.call('GET', '/api/usage/current')).body.limits.creditDollars).toBe(1);
  });

  it('marks a failed payment as grace_period (still Pro), cleared by a later paid invoice in either order', async () => {
    const { session } = await paidCheckout();
    await deliver(fake.event('checkout.session.completed', session));
    const t0 = Math.floor(Date.now() / 1000);
    const invoice = { id: 'in_fake1', object: 'invoice', customer: session.customer };
    const failed = fake.event('invoice.payment_failed', invoice, t0);
    const paid = fake.event('invoice.paid', { ...invoice, id: 'in_fake2' }, t0 + 60);

    await deliver(failed);
    expect(await status()).toMatchObject({ planType: 'PRO', status: 'grace_period' });
    expect((await me.call('GET', '/api/billing/budget')).body.status).toBe('grace_period');
    await deliver(paid);
    expect((await status()).status).toBe('active');
    // A redelivered older failure does not bring the grace period back.
    await deliver(fake.event('invoice.payment_failed', invoice, t0 - 60));
    expect((await status()).status).toBe('active');
  });

  it('needs no bearer token or tenant, and ignores events for customers it does not know', async () => {
    const res = await deliver(fake.event('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_unknown' }));
    expect(res.statusCode).toBe(200);
    expect((await t.database.query('select * from billing_accounts')).length).toBe(1 - 1);
  });
});
