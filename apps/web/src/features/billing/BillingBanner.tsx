import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../ui';
import { isApproachingThreshold } from './budgetDisplay';
import { useBudget, usePortal, useSubscriptionStatus } from './useBilling';

export type BannerNotice = { kind: 'payment_failed' } | { kind: 'approaching'; cost: number; threshold: number };

const DISMISSED_KEY = 'bree.billingBanner.dismissed';

/** Dismissed for the rest of the browser session, per notice, so a different notice still shows. */
function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** The 48 px banner of docs/PRODUCT.md#billing: a payment issue, or pay-as-you-go spending nearing the threshold. */
export function BillingBannerView({ notice, onUpdatePayment, updating }: { notice: BannerNotice; onUpdatePayment: () => void; updating: boolean }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed === notice.kind) return null;
  const dismiss = () => {
    setDismissed(notice.kind);
    try {
      sessionStorage.setItem(DISMISSED_KEY, notice.kind);
    } catch {
      // Private windows may refuse storage: the banner still goes away for this page.
    }
  };
  const paymentFailed = notice.kind === 'payment_failed';
  return (
    <div
      role={paymentFailed ? 'alert' : 'status'}
      className={`flex min-h-12 flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm ${paymentFailed ? 'bg-danger-soft text-danger-strong' : 'bg-accent-soft text-ink'}`}
    >
      {/* Wraps instead of truncating: on a 360 px phone the whole sentence must stay readable (docs/BILLING.md). */}
      <p className="min-w-0 text-center">
        {paymentFailed
          ? 'Payment failed - please update your billing information'
          : `You're approaching your usage limit ($${notice.cost.toFixed(2)} of $${notice.threshold} threshold)`}
      </p>
      {paymentFailed ? (
        <Button size="sm" disabled={updating} onClick={onUpdatePayment}>
          {updating ? 'Processing...' : 'Update Payment'}
        </Button>
      ) : (
        <Link to="/subscription" className={buttonClasses({ size: 'sm' })}>
          View Usage
        </Link>
      )}
      <button type="button" aria-label="Dismiss" onClick={dismiss} className="rounded-sm px-2 text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

/** Chooses the banner's notice from the polled status and budget; a failed payment comes first. */
export function BillingBanner() {
  const status = useSubscriptionStatus();
  const budget = useBudget();
  const portal = usePortal();
  let notice: BannerNotice | null = null;
  if ((status.data?.status ?? budget.data?.status) === 'grace_period') notice = { kind: 'payment_failed' };
  else if (budget.data?.payAsYouGo.enabled && isApproachingThreshold(budget.data.payAsYouGo.accumulatedCost, budget.data.payAsYouGo.overageThreshold)) {
    notice = { kind: 'approaching', cost: budget.data.payAsYouGo.accumulatedCost, threshold: budget.data.payAsYouGo.overageThreshold };
  }
  if (!notice) return null;
  return <BillingBannerView notice={notice} updating={portal.isPending} onUpdatePayment={() => portal.mutate()} />;
}
