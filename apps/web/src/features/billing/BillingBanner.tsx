import { useState } from 'react';
import { Button } from '../../ui';
import { useBudget, usePortal, useSubscriptionStatus } from './useBilling';

/**
 * The banner's one notice: a failed payment. Pay-as-you-go nearing its threshold ('approaching your
 * usage limit') is a usage notice (UsageNotice.tsx), so it never stands beside a second warning
 * about the same spending (docs/BILLING.md#notices).
 */
export type BannerNotice = { kind: 'payment_failed' };

const DISMISSED_KEY = 'bree.billingBanner.dismissed';

/** Dismissed for the rest of the browser session, per notice, so a different notice still shows. */
function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** The 48 px banner of docs/PRODUCT.md#billing: a payment issue. */
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
  return (
    <div role="alert" className="flex min-h-12 flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-danger-soft px-4 py-2 text-sm text-danger-strong">
      {/* Wraps instead of truncating: on a 360 px phone the whole sentence must stay readable (docs/BILLING.md). */}
      <p className="min-w-0 text-center">Payment failed - please update your billing information</p>
      <Button size="sm" disabled={updating} onClick={onUpdatePayment}>
        {updating ? 'Processing...' : 'Update Payment'}
      </Button>
      <button type="button" aria-label="Dismiss" onClick={dismiss} className="rounded-sm px-2 text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

/** Shows the banner while the polled status says a payment failed. */
export function BillingBanner() {
  const status = useSubscriptionStatus();
  const budget = useBudget();
  const portal = usePortal();
  if ((status.data?.status ?? budget.data?.status) !== 'grace_period') return null;
  return <BillingBannerView notice={{ kind: 'payment_failed' }} updating={portal.isPending} onUpdatePayment={() => portal.mutate()} />;
}
