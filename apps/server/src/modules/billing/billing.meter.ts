import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { periodOf } from '../usage/usage.plans';
import { usagePeriods } from '../usage/usage.table';
import { billingAccounts } from './billing.table';
import type { StripeGateway } from './billing.stripe';

/**
 * Sends each closed month's pay-as-you-go calls to Stripe as a meter event (the metered price on
 * the subscription bills them). The identifier names tenant, month and the count reached, so a
 * resend after a crash (sent, not yet recorded) is dropped by Stripe; the recorded count keeps a
 * month from being sent again. Calls counted late (after a month was sent) go out as one more event.
 */
export function createPaygReporter({ db, stripe, now }: { db: Db; stripe: StripeGateway; now: () => Date }) {
  return {
    /** Reports every closed period with unreported pay-as-you-go calls; returns how many events were sent. */
    async report(): Promise<number> {
      const current = periodOf(now());
      const due = await db
        .select({
          tenantId: usagePeriods.tenantId,
          period: usagePeriods.period,
          paygCalls: usagePeriods.paygCalls,
          reported: usagePeriods.paygReportedCalls,
          customerId: billingAccounts.stripeCustomerId,
        })
        .from(usagePeriods)
        .innerJoin(billingAccounts, eq(billingAccounts.tenantId, usagePeriods.tenantId))
        .where(and(lt(usagePeriods.period, current), gt(usagePeriods.paygCalls, usagePeriods.paygReportedCalls), isNotNull(billingAccounts.stripeCustomerId)));
      let sent = 0;
      for (const row of due) {
        const [year, month] = row.period.split('-').map(Number) as [number, number];
        // Dated in the month it belongs to, its last second.
        const at = new Date(Date.UTC(year, month, 1) - 1000);
        await stripe.sendMeterEvent({
          customerId: row.customerId!,
          calls: row.paygCalls - row.reported,
          identifier: `bree-payg-${row.tenantId}-${row.period}-${row.paygCalls}`,
          at,
        });
        await db
          .update(usagePeriods)
          .set({ paygReportedCalls: row.paygCalls })
          .where(and(eq(usagePeriods.tenantId, row.tenantId), eq(usagePeriods.period, row.period), sql`${usagePeriods.paygReportedCalls} = ${row.reported}`));
        sent += 1;
      }
      return sent;
    },
  };
}
