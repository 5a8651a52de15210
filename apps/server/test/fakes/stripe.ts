import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

/** A request the fake received (path and decoded form body), for assertions. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Obj;
}

/**
 * A local Stripe API speaking the REST shapes the SDK calls: customers, checkout sessions, portal
 * sessions, subscriptions and meter events; plus test controls that play the Stripe side
 * (finishing a checkout, changing a subscription) and build signed webhook events.
 */
export interface FakeStripe {
  baseUrl: string;
  requests: FakeStripeRequest[];
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  meterEvents: Obj[];
  /** The customer pays: the session completes and an active subscription exists. */
  completeCheckout(sessionId: string): { session: Obj; subscription: Obj };
  /** Changes a subscription as Stripe would (status, cancel_at_period_end, …). */
  updateSubscription(id: string, patch: Obj): Obj;
  /** An event as Stripe sends it; `created` defaults to now. */
  event(type: string, object: Obj, created?: number): { id: string; payload: string };
  /** A Stripe-Signature header for a payload, made by the SDK's own test helper. */
  sign(payload: string, secret: string, timestamp?: number): string;
  /** Makes the next calls answer 500 (Stripe down). */
  failNext(count: number): void;
  close(): Promise<void>;
}

/** Bree's settings pointing the SDK at this fake. */
export function fakeStripeEnv(fake: Pick<FakeStripe, 'baseUrl'>, secret = FAKE_WEBHOOK_SECRET): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: secret,
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_PAYG: 'price_payg',
    STRIPE_API_BASE: fake.baseUrl,
  };
}
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret';

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function decodeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return root;
}

const missing = (res: ServerResponse, what: string) =>
  send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  res.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let n = 0;
  let failures = 0;
  const next = (prefix: string) => `${prefix}_fake${(++n).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const meterEvents: Obj[] = [];

  const routes: { method: string; pattern: RegExp; handle(res: ServerResponse, body: Obj, id: string): void }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle(res, body) {
        const customer = { id: next('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
        customers.set(customer.id, customer);
        send(res, 200, customer);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle(res, body) {
        const id = next('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription: null,
          line_items_requested: body.line_items,
          subscription_data: body.subscription_data,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        send(res, 200, session);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: (res, _b, id) => (sessions.has(id) ? send(res, 200, sessions.get(id)) : missing(res, 'checkout.session')),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle(res, body) {
        if (!customers.has(String(body.customer))) return missing(res, 'customer');
        const id = next('bps');
        send(res, 200, {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (res, _b, id) => (subscriptions.has(id) ? send(res, 200, subscriptions.get(id)) : missing(res, 'subscription')),
    },
    {
      // Cancelling now (an account deletion): Stripe answers the subscription, ended.
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle(res, _b, id) {
        const subscription = subscriptions.get(id);
        if (!subscription) return missing(res, 'subscription');
        send(res, 200, Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() }));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing\/meter_events$/,
      handle(res, body) {
        // Stripe keeps one meter event per identifier: a resend changes nothing.
        if (!meterEvents.some((e) => e.identifier === body.identifier)) meterEvents.push(body);
        send(res, 200, { object: 'billing.meter_event', ...body, created: now(), livemode: false });
      },
    },
  ];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const body = decodeForm(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path, body });
      if (req.headers.authorization !== 'Bearer sk_test_fake') return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      if (failures > 0) {
        failures -= 1;
        return send(res, 500, { error: { type: 'api_error', message: 'Fake outage' } });
      }
      for (const route of routes) {
        const match = route.method === req.method ? route.pattern.exec(path) : null;
        if (match) return route.handle(res, body, decodeURIComponent(match[1] ?? ''));
      }
      missing(res, `route ${req.method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_fake');

  const fake: FakeStripe = {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    meterEvents,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const start = now();
      const subscription: Obj = {
        id: next('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        metadata: (session.subscription_data as Obj | undefined)?.metadata ?? {},
        items: { object: 'list', data: [{ id: next('si'), object: 'subscription_item', current_period_start: start, current_period_end: start + 30 * 86400 }] },
      };
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session, subscription };
    },
    updateSubscription(id, patch) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      return Object.assign(subscription, patch);
    },
    event(type, object, created = now()) {
      const id = next('evt');
      // A snapshot: later changes to the object do not change an event already made.
      const payload = JSON.stringify(
        {
          id,
          object: 'event',
          type,
          created,
          api_version: '2026-10-28.endive',
          livemode: false,
          pending_webhooks: 1,
          request: null,
          data: { object: structuredClone(object) },
        },
        null,
        2,
      );
      return { id, payload };
    },
    sign(payload, secret, timestamp) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
