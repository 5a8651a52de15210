import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestUser } from './api-client';
import { FAKE_WEBHOOK_SECRET, type FakeStripe } from './fakes/stripe';

type Obj = Record<string, unknown>;

/** Sends an event to Bree's webhook signed as Stripe signs it (with the test webhook secret). */
export function deliverStripeEvent(app: FastifyInstance, stripe: FakeStripe, event: { payload: string }): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(event.payload, FAKE_WEBHOOK_SECRET) },
    payload: event.payload,
  });
}

/** A checkout paid at Stripe and its webhook delivered: the caller's tenant is Pro. */
/** The writer opens a Pro checkout and pays it at the fake Stripe; no event is delivered yet. */
export async function paidCheckout(stripe: FakeStripe, me: TestUser): Promise<{ session: Obj; subscription: Obj }> {
  const checkout = await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' });
  if (checkout.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(checkout.body)}`);
  return stripe.completeCheckout(checkout.body.sessionId as string);
}

export async function subscribeToPro(app: FastifyInstance, stripe: FakeStripe, me: TestUser): Promise<{ session: Obj; subscription: Obj }> {
  const paid = await paidCheckout(stripe, me);
  const res = await deliverStripeEvent(app, stripe, stripe.event('checkout.session.completed', paid.session));
  if (res.statusCode !== 200) throw new Error(`webhook failed: ${res.body}`);
  return paid;
}

/** Stripe cancels the subscription and says so: the tenant is back on Free. */
export async function cancelSubscription(app: FastifyInstance, stripe: FakeStripe, subscription: Obj): Promise<void> {
  stripe.updateSubscription(String(subscription.id), { status: 'canceled' });
  const res = await deliverStripeEvent(app, stripe, stripe.event('customer.subscription.deleted', subscription));
  if (res.statusCode !== 200) throw new Error(`webhook failed: ${res.body}`);
}
