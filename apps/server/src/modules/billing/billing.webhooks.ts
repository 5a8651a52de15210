import type { Db } from '../../db/db';
import { createBillingRepository, type BillingRepository, type SubscriptionState } from './billing.repository';
import type { BillingEvent } from './billing.events';
import { stripeIdOf, subscriptionStateOf, type StripeGateway } from './billing.stripe';

/** What one event changes, worked out before the transaction (it may ask Stripe). */
type Change =
  | { kind: 'subscription'; tenantId: string; state: SubscriptionState }
  | { kind: 'invoice'; tenantId: string; paid: boolean; invoiceId: string; createdAt: Date }
  | { kind: 'none' };

/**
 * Applies Stripe events once each and in any order. Subscription changes never trust the event's
 * copy: the subscription is read from Stripe, so a late, older event writes today's state, not
 * its own. Invoice outcomes keep the newest time of each kind (see statusOf).
 */
export function createWebhookHandler({ db, stripe, now }: { db: Db; stripe: StripeGateway; now: () => Date }) {
  const repository = createBillingRepository({ db });

  async function tenantOf(customerId: string | null, fallback: string | null): Promise<string | null> {
    const account = customerId ? await repository.findByCustomer(customerId) : null;
    return account?.tenantId ?? fallback;
  }

  async function subscriptionChange(subscriptionId: string, eventCopy: Record<string, unknown> | null, hint: string | null): Promise<Change> {
    const fresh = (await stripe.retrieveSubscription(subscriptionId)) ?? (eventCopy ? subscriptionStateOf(eventCopy) : null);
    if (!fresh) return { kind: 'none' };
    const { customerId, ...state } = fresh;
    const tenantId = await tenantOf(customerId || null, hint);
    return tenantId ? { kind: 'subscription', tenantId, state } : { kind: 'none' };
  }

  /** The event's object was checked against its type in billing.events.ts; only those fields are read here. */
  async function changeOf({ handled, created }: BillingEvent): Promise<Change> {
    if (handled.kind === 'checkout') {
      const { session } = handled;
      const subscriptionId = stripeIdOf(session.subscription);
      if (!subscriptionId) return { kind: 'none' };
      return subscriptionChange(subscriptionId, null, session.client_reference_id ?? session.metadata?.tenantId ?? null);
    }
    if (handled.kind === 'subscription') {
      const { subscription } = handled;
      return subscriptionChange(subscription.id, subscription, subscription.metadata?.tenantId ?? null);
    }
    if (handled.kind === 'invoice') {
      const tenantId = await tenantOf(stripeIdOf(handled.invoice.customer), null);
      if (!tenantId) return { kind: 'none' };
      return { kind: 'invoice', tenantId, paid: handled.paid, invoiceId: handled.invoice.id, createdAt: created };
    }
    return { kind: 'none' };
  }

  async function write(tx: BillingRepository, change: Change): Promise<void> {
    const at = now();
    if (change.kind === 'subscription') {
      // The account may be new when the tenant id came from the session or the metadata.
      await tx.ensure(change.tenantId);
      await tx.setSubscription({ tenantId: change.tenantId, state: change.state, at });
    } else if (change.kind === 'invoice') {
      await tx.recordInvoice({ tenantId: change.tenantId, paid: change.paid, createdAt: change.createdAt, invoiceId: change.invoiceId, at });
    }
  }

  return {
    /** True when the event was applied now; false when it had been applied before. */
    async apply(event: BillingEvent): Promise<boolean> {
      const change = await changeOf(event);
      return db.transaction(async (txDb) => {
        const tx = createBillingRepository({ db: txDb as unknown as Db });
        if (!(await tx.claimEvent({ eventId: event.id, type: event.type }))) return false;
        await write(tx, change);
        return true;
      });
    },
  };
}
