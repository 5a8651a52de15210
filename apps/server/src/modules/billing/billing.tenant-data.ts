import { eq } from 'drizzle-orm';
import { NO_BLOBS, type TenantDataOwner } from '../../lib/tenant-data';
import { billingAccounts, billingNotices } from './billing.table';

/**
 * The billing account of a deleted account (docs/ACCOUNT.md "Delete my account"). With `keptAs`
 * (it has a Stripe customer, so invoices exist) the row is kept as a billing record under that
 * anonymous id: Stripe's later events still find it by its customer id. Without one it goes.
 */
export const billingTenantData: TenantDataOwner = {
  module: 'billing',
  tables: ['billing_accounts', 'billing_notices'],
  async remove({ tx, tenantId, keptAs }) {
    if (keptAs) await tx.update(billingAccounts).set({ tenantId: keptAs, updatedAt: new Date() }).where(eq(billingAccounts.tenantId, tenantId));
    else await tx.delete(billingAccounts).where(eq(billingAccounts.tenantId, tenantId));
    // Which usage notices were mailed is no billing record: it goes either way.
    await tx.delete(billingNotices).where(eq(billingNotices.tenantId, tenantId));
    return NO_BLOBS;
  },
};
