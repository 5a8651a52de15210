import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { billingAccounts, billingEvents } from './billing.table';

export type BillingAccount = typeof billingAccounts.$inferSelect;
export type PlanFields = Pick<BillingAccount, 'subscriptionStatus' | 'spendingLimit'>;

/** What a subscription looks like in Stripe right now; written over the stored copy as a whole. */
export interface SubscriptionState {
  subscriptionId: string;
  subscriptionStatus: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Data access for billing accounts and applied Stripe events. Every account query filters by tenantId or customer id. */
export function createBillingRepository({ db }: { db: Db }) {
  // Read before every metered call's hold while billing is on (so before an AI call's first word):
  // prepared, and only the two columns the plan is made of.
  const planQuery = db
    .select({ subscriptionStatus: billingAccounts.subscriptionStatus, spendingLimit: billingAccounts.spendingLimit })
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('bree_billing_plan');

  return {
    /** What a tenant's plan is made of: the subscription's status and the pay-as-you-go spending limit. */
    async planFields(tenantId: string): Promise<PlanFields | null> {
      return (await planQuery.execute({ tenantId }))[0] ?? null;
    },

    async find(tenantId: string): Promise<BillingAccount | null> {
      const rows = await db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId)).limit(1);
      return rows[0] ?? null;
    },

    async findByCustomer(customerId: string): Promise<BillingAccount | null> {
      const rows = await db.select().from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId)).limit(1);
      return rows[0] ?? null;
    },

    /** Grants Free once: the first call inserts, later ones leave allocatedAt/allocatedBy as they are. True when this call allocated. */
    async allocateFree({ tenantId, at, by }: { tenantId: string; at: Date; by: string }): Promise<{ allocated: boolean; account: BillingAccount }> {
      const inserted = await db
        .insert(billingAccounts)
        .values({ tenantId, freeAllocatedAt: at, freeAllocatedBy: by })
        .onConflictDoUpdate({
          target: billingAccounts.tenantId,
          set: { freeAllocatedAt: at, freeAllocatedBy: by, updatedAt: at },
          setWhere: sql`${billingAccounts.freeAllocatedAt} is null`,
        })
        .returning();
      if (inserted[0]) return { allocated: true, account: inserted[0] };
      return { allocated: false, account: (await this.find(tenantId))! };
    },

    async ensure(tenantId: string): Promise<void> {
      await db.insert(billingAccounts).values({ tenantId }).onConflictDoNothing();
    },

    /** Remembers the tenant's Stripe customer (made at its first checkout). */
    async setCustomer({ tenantId, customerId, at }: { tenantId: string; customerId: string; at: Date }): Promise<void> {
      await db
        .insert(billingAccounts)
        .values({ tenantId, stripeCustomerId: customerId })
        .onConflictDoUpdate({ target: billingAccounts.tenantId, set: { stripeCustomerId: customerId, updatedAt: at } });
    },

    async setSubscription({ tenantId, state, at }: { tenantId: string; state: SubscriptionState; at: Date }): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ ...state, updatedAt: at })
        .where(eq(billingAccounts.tenantId, tenantId));
    },

    /** Keeps only the newest outcome of each kind, so an older invoice event never undoes a newer one. */
    async recordInvoice({
      tenantId,
      paid,
      createdAt,
      invoiceId,
      at,
    }: {
      tenantId: string;
      paid: boolean;
      createdAt: Date;
      invoiceId: string;
      at: Date;
    }): Promise<void> {
      const column = paid ? billingAccounts.invoicePaidAt : billingAccounts.paymentFailedAt;
      await db
        .update(billingAccounts)
        .set({
          [paid ? 'invoicePaidAt' : 'paymentFailedAt']: sql`greatest(${column}, ${createdAt.toISOString()}::timestamptz)`,
          lastInvoiceId: invoiceId,
          updatedAt: at,
        })
        .where(eq(billingAccounts.tenantId, tenantId));
    },

    async setSpendingLimit({ tenantId, dollars, at }: { tenantId: string; dollars: string; at: Date }): Promise<void> {
      await db
        .insert(billingAccounts)
        .values({ tenantId, spendingLimit: dollars })
        .onConflictDoUpdate({ target: billingAccounts.tenantId, set: { spendingLimit: dollars, updatedAt: at } });
    },

    /** Claims an event id; false when it was applied before. Runs in the same transaction as the event's changes. */
    async claimEvent({ eventId, type }: { eventId: string; type: string }): Promise<boolean> {
      const rows = await db.insert(billingEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: billingEvents.eventId });
      return rows.length === 1;
    },

    /** Accounts with an active subscription (the pay-as-you-go reporting job walks them). */
    async withSubscription(): Promise<BillingAccount[]> {
      return db
        .select()
        .from(billingAccounts)
        .where(sql`${billingAccounts.subscriptionId} is not null`);
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
