import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { periodOf } from '../src/modules/usage/usage.plans';
import type { TestUser } from './api-client';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, type TestApp } from './harness';

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

/** A test Bree with billing on (the Stripe stand-in) and, unless `ai` is false, the fake AI provider. */
export interface BillingTestApp {
  t: TestApp;
  stripe: FakeStripe;
  /** The fake AI provider (Fast its OpenAI-compatible side, Premium its Anthropic one); null with `ai: false`. */
  ai: FakeAiProvider | null;
  close(): Promise<void>;
}

/** Starts the billing tests' Bree: the Stripe stand-in, the fake AI provider, more `env` and the clock `now`. */
export async function startBillingApp({
  ai = true,
  env = {},
  now,
}: { ai?: boolean; env?: Record<string, string>; now?: () => Date } = {}): Promise<BillingTestApp> {
  const stripe = await startFakeStripe();
  const fake = ai ? await startFakeAiProvider() : null;
  const t = await createTestApp({ ...(fake ? fakeAiEnv(fake) : {}), ...fakeStripeEnv(stripe), ...env }, now ? { now } : {});
  return {
    t,
    stripe,
    ai: fake,
    async close() {
      await t.close();
      await fake?.close();
      await stripe.close();
    },
  };
}

const USAGE_COLUMNS = { premiumCalls: 'premium_calls', fastCalls: 'fast_calls', paygCalls: 'payg_calls', cost: 'cost' } as const;

/**
 * Sets columns of a tenant's usage row for this month (others keep their value, or 0 in a new row):
 * the state a test starts from, as if the calls had been made.
 */
export async function setUsage(
  t: Pick<TestApp, 'database'>,
  { tenantId, ...columns }: { tenantId: string; premiumCalls?: number; fastCalls?: number; paygCalls?: number; cost?: string },
): Promise<void> {
  const given = (Object.keys(USAGE_COLUMNS) as (keyof typeof USAGE_COLUMNS)[]).filter((key) => columns[key] !== undefined);
  const names = given.map((key) => USAGE_COLUMNS[key]);
  const values = given.map((key) => columns[key]);
  const casts = given.map((key, i) => `$${i + 3}${key === 'cost' ? '::numeric' : ''}`);
  await t.database.query(
    `insert into usage_periods (tenant_id, period${names.map((n) => `, ${n}`).join('')}) values ($1, $2${casts.map((c) => `, ${c}`).join('')})
     on conflict (tenant_id, period) do ${names.length ? `update set ${names.map((n) => `${n} = excluded.${n}`).join(', ')}` : 'nothing'}`,
    [tenantId, periodOf(new Date()), ...values],
  );
}
