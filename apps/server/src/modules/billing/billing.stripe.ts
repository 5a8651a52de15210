import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../config';
import { billingErrors } from './billing.errors';
import type { SubscriptionState } from './billing.repository';

export interface CheckoutSessionInfo {
  id: string;
  tenantId: string | null;
  customerId: string | null;
  complete: boolean;
  subscriptionId: string | null;
}

/** The Stripe calls billing makes; the only code that touches the SDK. */
export interface StripeGateway {
  createCustomer(opts: { tenantId: string; email: string | undefined }): Promise<string>;
  createCheckoutSession(opts: { tenantId: string; customerId: string; successUrl: string; cancelUrl: string }): Promise<{ id: string; url: string }>;
  createPortalSession(opts: { customerId: string; returnUrl: string }): Promise<string>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  retrieveSubscription(id: string): Promise<(SubscriptionState & { customerId: string }) | null>;
  /** Ends a subscription now, invoicing what it owes (an account deletion); null when Stripe has no such subscription. */
  cancelSubscription(id: string): Promise<(SubscriptionState & { customerId: string }) | null>;
  /** True when the Stripe-Signature matches the raw body (300 s tolerance); the body's shape is billing.events.ts's to judge. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Sends pay-as-you-go calls as one meter event; `identifier` makes a resend a no-op at Stripe. */
  sendMeterEvent(opts: { customerId: string; calls: number; identifier: string; at: Date }): Promise<void>;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null;
const dateOf = (seconds: unknown): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

let stripeSdk: typeof Stripe | null = null;
/**
 * The SDK, loaded with the first Stripe call rather than at start. Required, not imported:
 * verifying a webhook's signature stays synchronous.
 */
function loadStripe(): typeof Stripe {
  stripeSdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return stripeSdk;
}

/** Stripe's own errors become 502 billing_provider_error; a missing object (404) becomes null where asked. */
async function call<T>(work: () => Promise<T>, { missingIsNull = false } = {}): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (missingIsNull && error instanceof loadStripe().errors.StripeError && error.statusCode === 404) return null;
    throw billingErrors.providerError();
  }
}

/** The real Stripe SDK, pointed at STRIPE_API_BASE when set. */
export function createStripeGateway(stripeConfig: NonNullable<Config['stripe']>): StripeGateway {
  const base = stripeConfig.apiBase ? new URL(stripeConfig.apiBase) : null;
  let client: Stripe | null = null;
  const stripe = (): Stripe =>
    (client ??= new (loadStripe())(stripeConfig.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
        : {}),
    }));
  return {
    async createCustomer({ tenantId, email }) {
      const customer = await call(() => stripe().customers.create({ metadata: { tenantId }, ...(email ? { email } : {}) }));
      return customer!.id;
    },

    async createCheckoutSession({ tenantId, customerId, successUrl, cancelUrl }) {
      const lineItems: { price: string; quantity?: number }[] = [{ price: stripeConfig.pricePro, quantity: 1 }];
      // The metered pay-as-you-go price rides on the same subscription, billed from meter events.
      if (stripeConfig.pricePayg) lineItems.push({ price: stripeConfig.pricePayg });
      const session = await call(() =>
        stripe().checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: tenantId,
          line_items: lineItems,
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { tenantId },
          subscription_data: { metadata: { tenantId } },
        }),
      );
      return { id: session!.id, url: session!.url ?? '' };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call(() => stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session!.url;
    },

    async retrieveCheckoutSession(id) {
      const s = await call(() => stripe().checkout.sessions.retrieve(id), { missingIsNull: true });
      if (!s) return null;
      return {
        id: s.id,
        tenantId: s.client_reference_id ?? null,
        customerId: idOf(s.customer),
        complete: s.status === 'complete',
        subscriptionId: idOf(s.subscription),
      };
    },

    async retrieveSubscription(id) {
      const s = await call(() => stripe().subscriptions.retrieve(id), { missingIsNull: true });
      if (!s) return null;
      return subscriptionStateOf(s as unknown as Record<string, unknown>);
    },

    async cancelSubscription(id) {
      const s = await call(() => stripe().subscriptions.cancel(id, { invoice_now: true }), { missingIsNull: true });
      if (!s) return null;
      return subscriptionStateOf(s as unknown as Record<string, unknown>);
    },

    verifySignature(rawBody, signature) {
      if (!signature) return false;
      try {
        // The signature alone: constructEvent would parse the body too, and answer a signed body
        // that is not an event as if it were unsigned.
        return stripe().webhooks.signature?.verifyHeader(rawBody, signature, stripeConfig.webhookSecret, 300) === true;
      } catch {
        return false;
      }
    },

    async sendMeterEvent({ customerId, calls, identifier, at }) {
      await call(() =>
        stripe().billing.meterEvents.create({
          event_name: stripeConfig.paygMeterEvent,
          identifier,
          timestamp: Math.floor(at.getTime() / 1000),
          payload: { stripe_customer_id: customerId, value: String(calls) },
        }),
      );
    },
  };
}

/** A subscription object (retrieved, or inside an event) as Bree stores it; periods live on its first item. */
export function subscriptionStateOf(s: Record<string, unknown>): SubscriptionState & { customerId: string } {
  const items = (s.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  const first = items[0] ?? {};
  return {
    subscriptionId: String(s.id),
    subscriptionStatus: String(s.status),
    currentPeriodStart: dateOf(first.current_period_start ?? s.current_period_start),
    currentPeriodEnd: dateOf(first.current_period_end ?? s.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end === true,
    customerId: idOf(s.customer) ?? '',
  };
}
export { idOf as stripeIdOf };
