import { Button, Card, cn } from '../../ui';

/** The plans exactly as 3-public-admin.md §2.3 words them; §9.2's call caps are the second description, kept beside them. */
export const PLAN_CARDS = [
  { id: 'FREE', name: 'Free', price: '$0', detail: '$1.00 AI credit, no credit card', caps: '50 fast calls and 10 premium calls per month', featured: false },
  {
    id: 'PRO',
    name: 'Pro',
    price: '$20 / month',
    badge: 'Beta pricing',
    detail: '$20.00 AI credit per month',
    caps: '1,000 fast calls, 250 premium calls, 200 voice minutes and workspaces',
    featured: true,
  },
  {
    id: 'PAYG',
    name: 'Pay-as-you-go',
    price: '≈ 1¢ per call',
    detail: 'Set your own spending limit; used once the Pro budget runs out',
    caps: 'Available to Pro subscribers',
    featured: false,
  },
] as const;

export type PlanCardId = (typeof PLAN_CARDS)[number]['id'];

/**
 * The plan cards. Only Pro is bought through checkout: Free is granted at sign-in and
 * pay-as-you-go is a spending limit on top of Pro. `current` marks the tenant's plan.
 */
export function PlanCards({ current, upgrading, onUpgrade }: { current: PlanCardId | null; upgrading: boolean; onUpgrade: () => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLAN_CARDS.map((plan) => (
        <li key={plan.id}>
          <Card className={cn('flex h-full flex-col', plan.featured && 'border-accent ring-1 ring-accent')}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="font-serif text-xl font-semibold text-ink">{plan.name}</h2>
              {'badge' in plan && <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white">{plan.badge}</span>}
            </div>
            <p className="mt-2 text-2xl font-semibold text-ink">{plan.price}</p>
            <p className="mt-2 text-sm text-ink-soft">{plan.detail}</p>
            <p className="mt-1 text-sm text-muted">{plan.caps}</p>
            <div className="mt-auto pt-4">
              {current === plan.id ? (
                <p className="text-sm font-medium text-success">Your current plan</p>
              ) : (
                plan.id === 'PRO' && current !== 'PRO' && <UpgradeButton processing={upgrading} onUpgrade={onUpgrade} />
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** 'Upgrade' turns into 'Processing...' and stays disabled until the checkout call ends (3-public-admin.md §4.3). */
export function UpgradeButton({ processing, onUpgrade }: { processing: boolean; onUpgrade: () => void }) {
  return (
    <Button className="w-full" disabled={processing} onClick={onUpgrade}>
      {processing ? 'Processing...' : 'Upgrade'}
    </Button>
  );
}
