import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { usageEvents, usageHolds, usagePeriods } from './usage.table';

/**
 * The metering of a deleted account (docs/ACCOUNT.md "Delete my account"). Holds of running calls
 * always go. The monthly totals and the per-call ledger are billing records: with `keptAs` (the
 * account was a Stripe customer) they move to that anonymous id, so invoices and the pay-as-you-go
 * meter report still add up while nothing ties them to the address or the new account; else they go.
 */
export const usageTenantData: TenantDataOwner = {
  module: 'usage',
  tables: ['usage_periods', 'usage_events', 'usage_holds'],
  async remove({ tx, tenantId, keptAs }) {
    await tx.delete(usageHolds).where(eq(usageHolds.tenantId, tenantId));
    if (keptAs) {
      await tx.update(usagePeriods).set({ tenantId: keptAs, reserved: '0' }).where(eq(usagePeriods.tenantId, tenantId));
      await tx.update(usageEvents).set({ tenantId: keptAs }).where(eq(usageEvents.tenantId, tenantId));
    } else {
      await tx.delete(usagePeriods).where(eq(usagePeriods.tenantId, tenantId));
      await tx.delete(usageEvents).where(eq(usageEvents.tenantId, tenantId));
    }
    return NO_BLOBS;
  },
};
