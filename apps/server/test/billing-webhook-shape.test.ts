import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/db';
import { newUser, type TestUser } from './api-client';
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { paidCheckout as paidCheckoutAt } from './billing-support';
import { createTestApp, resetDatabase, type TestApp } from './harness';

type Obj = Record<string, unknown>;

/** Every billing row, event ids included: a refused event must leave all of them as they were. */
async function billingRows(database: Database): Promise<unknown[]> {
  return [
    ...(await database.query('select * from billing_accounts order by tenant_id')),
    ...(await database.query('select event_id, type from billing_events order by event_id')),
  ];
}

/** A copy of an event's envelope with one change made by `bend`. */
function bent(envelope: Obj, bend: (e: Obj & { data: { object: Obj } }) => void): Obj {
  const copy = structuredClone(envelope) as Obj & { data: { object: Obj } };
  bend(copy);
  return copy;
}

describe('the Stripe webhook and signed events of an unexpected shape', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let me: TestUser;

  /** Posts a payload signed with the webhook secret, as Stripe would send it. */
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': fake.sign(payload, FAKE_WEBHOOK_SECRET) },
      payload,
    });
  const deliverObject = (envelope: unknown) => deliver(JSON.stringify(envelope));
  /** An event's envelope as the fake Stripe makes it, to be bent into a malformed one. */
  const envelopeOf = (type: string, object: Obj): Obj => JSON.parse(fake.event(type, object).payload) as Obj;
  const planType = async () => (await me.call('GET', '/api/billing/subscription-status')).body.planType;

  /** A checkout paid at Stripe; its events, delivered well-formed, would make the tenant Pro. */
  const paidCheckout = () => paidCheckoutAt(fake, me);

  /** Delivers each case, expecting 400 with `code` and no billing row changed; answers the field each error named. */
  async function expectRefused(cases: Record<string, string>, code: string): Promise<Record<string, unknown>> {
    const before = await billingRows(t.database);
    const fields: Record<string, unknown> = {};
    for (const [label, payload] of Object.entries(cases)) {
      const res = await deliver(payload);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().error.code, label).toBe(code);
      fields[label] = res.json().error.details?.field;
    }
    expect(await billingRows(t.database)).toEqual(before);
    expect(await planType()).toBeNull();
    return fields;
  }

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
    me = await newUser(t.app, 'hook-shapes');
  });

  it('refuses a malformed envelope with 400 invalid_webhook_event, changing nothing', async () => {
    const { session } = await paidCheckout();
    const good = envelopeOf('checkout.session.completed', session);
    const cases: Record<string, unknown> = {
      'data.object is null': bent(good, (e) => ((e.data as Obj).object = null)),
      'data.object is a string': bent(good, (e) => ((e.data as Obj).object = 'cs_test')),
      'data.object is an array': bent(good, (e) => ((e.data as Obj).object = [session])),
      'data is missing': bent(good, (e) => delete (e as Obj).data),
      'data is null': bent(good, (e) => ((e as Obj).data = null)),
      'created is "yesterday"': bent(good, (e) => (e.created = 'yesterday')),
      'created is a number in a string': bent(good, (e) => (e.created = String(e.created))),
      'created is a fraction': bent(good, (e) => (e.created = 1_700_000_000.5)),
      'created is past the year 9999': bent(good, (e) => (e.created = 1e15)),
      'created is negative': bent(good, (e) => (e.created = -1)),
      'id is missing': bent(good, (e) => delete e.id),
      'id is empty': bent(good, (e) => (e.id = '')),
      'id is a number': bent(good, (e) => (e.id = 42)),
      'type is missing': bent(good, (e) => delete e.type),
      'type is a number': bent(good, (e) => (e.type = 7)),
      'the event is an array': [good],
      'the event is null': null,
    };
    const payloads = Object.fromEntries(Object.entries(cases).map(([label, value]) => [label, JSON.stringify(value)]));
    const fields = await expectRefused({ ...payloads, 'the body is not JSON': '{"id": "evt_1", "type": ' }, 'invalid_webhook_event');
    expect(fields).toMatchObject({
      'data.object is null': 'data.object',
      'data is missing': 'data',
      'created is "yesterday"': 'created',
      'id is missing': 'id',
      'the body is not JSON': 'body',
    });
  });

  it('refuses the object of a handled type when a field Bree reads has the wrong type, changing nothing', async () => {
    const { session, subscription } = await paidCheckout();
    const completed = envelopeOf('checkout.session.completed', session);
    const updated = envelopeOf('customer.subscription.updated', subscription);
    const invoice = envelopeOf('invoice.paid', { id: 'in_fake1', object: 'invoice', customer: session.customer, amount_paid: 2000 });
    const cases = {
      'checkout: subscription id as a number': bent(completed, (e) => (e.data.object.subscription = 123)),
      'checkout: client_reference_id as an object': bent(completed, (e) => (e.data.object.client_reference_id = { tenant: 'x' })),
      'checkout: metadata as a string': bent(completed, (e) => (e.data.object.metadata = 'tenantId=x')),
      'checkout: metadata.tenantId as a number': bent(completed, (e) => (e.data.object.metadata = { tenantId: 5 })),
      'subscription: no id': bent(updated, (e) => delete e.data.object.id),
      'subscription: status as a number': bent(updated, (e) => (e.data.object.status = 1)),
      'subscription: period end as a number in a string': bent(updated, (e) => {
        const items = e.data.object.items as { data: Obj[] };
        items.data[0]!.current_period_end = String(items.data[0]!.current_period_end);
      }),
      'subscription: period start as "yesterday"': bent(updated, (e) => (e.data.object.current_period_start = 'yesterday')),
      'subscription: cancel_at_period_end as "true"': bent(updated, (e) => (e.data.object.cancel_at_period_end = 'true')),
      'subscription: customer as a number': bent(updated, (e) => (e.data.object.customer = 99)),
      'invoice: no id': bent(invoice, (e) => delete e.data.object.id),
      'invoice: customer as a number': bent(invoice, (e) => (e.data.object.customer = 99)),
      'invoice: customer as an object without id': bent(invoice, (e) => (e.data.object.customer = { object: 'customer' })),
    };
    const payloads = Object.fromEntries(Object.entries(cases).map(([label, value]) => [label, JSON.stringify(value)]));
    const fields = await expectRefused(payloads, 'invalid_webhook_event');
    expect(fields).toMatchObject({
      'checkout: subscription id as a number': 'data.object.subscription',
      'subscription: period end as a number in a string': 'data.object.items.data.0.current_period_end',
      'invoice: customer as a number': 'data.object.customer',
    });
    // The same events, well-formed, are applied.
    expect((await deliverObject(updated)).statusCode).toBe(200);
    expect(await planType()).toBe('PRO');
  });

  it('refuses NUL and broken surrogates anywhere in a signed event with 400 invalid_text naming the field', async () => {
    const { session } = await paidCheckout();
    const good = envelopeOf('checkout.session.completed', session);
    const cases = {
      'NUL in the id': bent(good, (e) => (e.id = 'evt_\u0000x')),
      'NUL in the type': bent(good, (e) => (e.type = 'checkout.session.completed\u0000')),
      'a lone surrogate in the metadata': bent(good, (e) => (e.data.object.metadata = { tenantId: '\ud800' })),
      'NUL in a key of a field Bree does not read': bent(good, (e) => (e.data.object['note\u0000'] = 'x')),
    };
    const before = await billingRows(t.database);
    const fields: string[] = [];
    for (const [label, value] of Object.entries(cases)) {
      const res = await deliverObject(value);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().error.code, label).toBe('invalid_text');
      fields.push(res.json().error.details.field as string);
    }
    expect(fields).toEqual(['id', 'type', 'data.object.metadata.tenantId', 'data.object.note\u0000']);
    expect(await billingRows(t.database)).toEqual(before);
    expect(await planType()).toBeNull();
  });

  it('records no refused event: the corrected delivery of the same event id is applied', async () => {
    const { session } = await paidCheckout();
    const good = envelopeOf('checkout.session.completed', session);
    const res = await deliverObject(bent(good, (e) => (e.data.object.subscription = 123)));
    expect(res.statusCode).toBe(400);
    const applied = await deliverObject(good);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ received: true, duplicate: false });
    expect(await planType()).toBe('PRO');
  });

  it('answers 200 to an event of a type Bree does not handle when its envelope is sound, and reads only the fields it uses', async () => {
    const { session } = await paidCheckout();
    const refund = await deliverObject(envelopeOf('charge.refunded', { id: 'ch_1', object: 'charge', amount: '5', customer: 12 }));
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toEqual({ received: true, duplicate: false });
    // An invoice's amount is not something Bree reads: an odd one does not hold up the payment's outcome.
    const invoice = { id: 'in_fake2', object: 'invoice', customer: session.customer, amount_paid: '2000' };
    await deliverObject(envelopeOf('checkout.session.completed', session));
    const paid = await deliverObject(envelopeOf('invoice.paid', invoice));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await t.database.query<{ last_invoice_id: string }>('select last_invoice_id from billing_accounts')).map((r) => r.last_invoice_id)).toEqual([
      'in_fake2',
    ]);
  });
});
