import type { BudgetData } from '@bree/contracts';
import { Button, cn } from '../../ui';
import { BudgetBar } from './BudgetBar';
import { formatDisplayedCost, usagePercent } from './budgetDisplay';

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

/** AI Credit Budget: spent of the monthly credit, in displayed dollars (×4 from a budget of 20, docs/PRODUCT.md#billing). */
export function CreditBudgetBlock({ budget }: { budget: Pick<BudgetData, 'monthlyBudget' | 'actualCosts' | 'remainingBudget'> }) {
  const { monthlyBudget, actualCosts, remainingBudget } = budget;
  const percent = usagePercent(actualCosts, monthlyBudget);
  return (
    // A group, not a region: the block shows both on /subscription and in the profile menu, and two
    // landmarks with one name would confuse landmark navigation.
    <div role="group" aria-label="AI Credit Budget">
      <h3 className="text-sm font-semibold text-ink">AI Credit Budget</h3>
      {monthlyBudget == null ? (
        <p className="mt-1 text-sm text-muted">{formatDisplayedCost(actualCosts, monthlyBudget)} used · no monthly cap</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {formatDisplayedCost(actualCosts, monthlyBudget)} of {formatDisplayedCost(monthlyBudget, monthlyBudget)} used
            {remainingBudget != null && ` · ${formatDisplayedCost(remainingBudget, monthlyBudget)} left`}
          </p>
          <div className="mt-2">
            <BudgetBar percent={percent} label="AI credit used" />
          </div>
        </>
      )}
    </div>
  );
}

/** Pay-as-you-go: what this period has cost beyond the Pro credit, against the user's spending limit. */
export function PayAsYouGoBlock({ payAsYouGo }: { payAsYouGo: BudgetData['payAsYouGo'] }) {
  return (
    <div role="group" aria-label="Pay-as-you-go">
      <h3 className="text-sm font-semibold text-ink">Pay-as-you-go</h3>
      {payAsYouGo.enabled ? (
        <p className="mt-1 text-sm text-muted">
          ${payAsYouGo.accumulatedCost.toFixed(2)} accumulated this period ({payAsYouGo.accumulatedCalls} calls) · limit ${payAsYouGo.spendingLimit.toFixed(2)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">Off · ${payAsYouGo.accumulatedCost.toFixed(2)} accumulated this period</p>
      )}
    </div>
  );
}
