import { lazy, Suspense } from 'react';
import { PlanBadge, SubscriptionBlock } from './ProfileBillingBlocks';
import { isProTier } from './budgetDisplay';
import { useBudget, useBillingEnabled, useCheckout, usePortal, useSubscriptionStatus } from './useBilling';

// The meter arrives when the menu first opens: the editor's first load stays within its budget (docs/BILLING.md#the-meter).
const ProfileMeter = lazy(() => import('./ProfileMeter'));

/** The badge for the profile header; nothing while billing is off or the data has not arrived. */
export function ProfilePlanBadge() {
  const status = useSubscriptionStatus();
  const budget = useBudget();
  if (!status.data && !budget.data) return null;
  return <PlanBadge pro={isProTier({ planType: status.data?.planType ?? budget.data?.planType, monthlyBudget: budget.data?.monthlyBudget })} />;
}

/**
 * The profile dropdown's billing part (docs/PRODUCT.md#billing): the Subscription block and the meter
 * (AI Credit Budget, calls, Pay-as-you-go) — the same figures as /subscription (docs/BILLING.md#the-meter).
 * Fetch failures are only logged by the query layer (docs/PRODUCT.md#billing), so the blocks simply stay away.
 */
export function ProfileBilling() {
  const enabled = useBillingEnabled();
  const status = useSubscriptionStatus();
  const budget = useBudget();
  const checkout = useCheckout();
  const portal = usePortal();
  if (!enabled || (!status.data && !budget.data)) return null;
  const pro = isProTier({ planType: status.data?.planType ?? budget.data?.planType, monthlyBudget: budget.data?.monthlyBudget });
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-line pt-3">
      <SubscriptionBlock pro={pro} busy={checkout.isPending || portal.isPending} onManage={() => portal.mutate()} onUpgrade={() => checkout.mutate()} />
      {budget.data && (
        <Suspense fallback={null}>
          <ProfileMeter budget={budget.data} />
        </Suspense>
      )}
    </div>
  );
}
