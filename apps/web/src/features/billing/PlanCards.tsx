import { Button } from '../../ui';
import { PLAN_CARDS, PlanCard, type PlanCardId } from './PlanCard';

/**
 * The plan cards. Only Pro is bought through checkout: Free is granted at sign-in and
 * pay-as-you-go is a spending limit on top of Pro. `current` marks the tenant's plan.
 */
export function PlanCards({ current, upgrading, onUpgrade }: { current: PlanCardId | null; upgrading: boolean; onUpgrade: () => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLAN_CARDS.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan}>
            {current === plan.id ? (
              <p className="text-sm font-medium text-success">Your current plan</p>
            ) : (
              plan.id === 'PRO' && current !== 'PRO' && <UpgradeButton processing={upgrading} onUpgrade={onUpgrade} />
            )}
          </PlanCard>
        </li>
      ))}
    </ul>
  );
}

/** 'Upgrade' turns into 'Processing...' and stays disabled until the checkout call ends (docs/PRODUCT.md#billing). */
export function UpgradeButton({ processing, onUpgrade }: { processing: boolean; onUpgrade: () => void }) {
  return (
    <Button className="w-full" disabled={processing} onClick={onUpgrade}>
      {processing ? 'Processing...' : 'Upgrade'}
    </Button>
  );
}
