import { periodOf } from '../usage/usage.plans';
import type { UsageService } from '../usage/usage.service';
import type { BillingRepository } from './billing.repository';
import type { StripeGateway } from './billing.stripe';

/**
 * Sends each closed month's pay-as-you-go calls to Stripe as a meter event (the metered price on
 * the subscription bills them). The identifier names tenant, month and the count reached, so a
 * resend after a crash (sent, not yet recorded) is dropped by Stripe; the recorded count keeps a
 * month from being sent again. Calls counted late (after a month was sent) go out as one more event.
 */
export function createPaygReporter({
  usage,
  repository,
  stripe,
  now,
}: {
  usage: Pick<UsageService, 'unreportedPayg' | 'markPaygReported'>;
  repository: BillingRepository;
  stripe: StripeGateway;
  now: () => Date;
}) {
  return {
    /** Reports every closed period with unreported pay-as-you-go calls; returns how many events were sent. */
    async report(): Promise<number> {
      let sent = 0;
      for (const row of await usage.unreportedPayg({ before: periodOf(now()) })) {
        const customerId = (await repository.find(row.tenantId))?.stripeCustomerId;
        if (!customerId) continue;
        const [year, month] = row.period.split('-').map(Number) as [number, number];
        await stripe.sendMeterEvent({
          customerId,
          calls: row.paygCalls - row.reported,
          identifier: `bree-payg-${row.tenantId}-${row.period}-${row.paygCalls}`,
          // Dated in the month it belongs to, its last second.
          at: new Date(Date.UTC(year, month, 1) - 1000),
        });
        await usage.markPaygReported({ tenantId: row.tenantId, period: row.period, from: row.reported, calls: row.paygCalls });
        sent += 1;
      }
      return sent;
    },
  };
}
