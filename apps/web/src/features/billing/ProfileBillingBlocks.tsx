import { Button, cn } from '../../ui';

/** The PRO or FREE badge beside the name in the profile dropdown. */
export function PlanBadge({ pro }: { pro: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide',
        pro ? 'bg-accent text-white' : 'bg-cream-deep text-ink-soft',
      )}
    >
      {pro ? 'PRO' : 'FREE'}
    </span>
  );
}

/** Subscribers manage their plan in Stripe's portal; free users upgrade. */
export function SubscriptionBlock({ pro, busy, onManage, onUpgrade }: { pro: boolean; busy: boolean; onManage: () => void; onUpgrade: () => void }) {
  return pro ? (
    <Button variant="secondary" className="w-full" disabled={busy} onClick={onManage}>
      {busy ? 'Processing...' : 'Manage Subscription'}
    </Button>
  ) : (
    <Button className="w-full" disabled={busy} onClick={onUpgrade}>
      {busy ? 'Processing...' : 'Upgrade'}
    </Button>
  );
}
