import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { meterFigures } from '@bree/contracts';
import { formatDate } from '../../lib/dates';
import { Button, Card } from '../../ui';
import { Meter } from './Meter';
import { statusLabel } from './budgetDisplay';

/** The tenant's plan, its status, the period's end, 'Manage Subscription', and this period's meter (docs/BILLING.md#the-meter). */
export function CurrentPlan(props: {
  status: SubscriptionStatus;
  budget: BudgetData | undefined;
  usage: UsageCurrent | undefined;
  managing: boolean;
  onManage: () => void;
}) {
  const { status, budget, usage } = props;
  const plan = status.planType === 'PRO' ? 'Pro' : 'Free';
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-serif text-xl font-semibold text-ink">Current plan: {plan}</h2>
          <p className="mt-1 text-sm text-muted">
            Status: <span className="font-medium text-ink">{statusLabel({ planType: status.planType, status: status.status })}</span>
            {status.currentPeriodEnd && ` · ${status.cancelAtPeriodEnd ? 'ends' : 'renews'} ${formatDate(status.currentPeriodEnd)}`}
          </p>
        </div>
        {status.stripeCustomerId && (
          <Button variant="secondary" disabled={props.managing} onClick={props.onManage}>
            {props.managing ? 'Processing...' : 'Manage Subscription'}
          </Button>
        )}
      </div>
      {(budget || usage) && (
        <section aria-label="Usage this period" className="mt-4">
          <Meter figures={meterFigures({ budget, usage })} />
        </section>
      )}
    </Card>
  );
}

/** With billing off every account has the plan the server gives everyone; its caps come from the usage answer. */
export function BillingOffPlan({ usage }: { usage: UsageCurrent | undefined }) {
  const credit = usage?.limits.creditDollars;
  return (
    <Card>
      <h2 className="font-serif text-xl font-semibold text-ink">This Bree has no online payments</h2>
      <p className="mt-2 text-sm text-ink-soft">There is nothing to buy here: every account on this server has the same plan, set by whoever runs it.</p>
      {usage && (
        <section aria-label="Your plan" className="mt-4">
          <h3 className="text-sm font-semibold text-ink">Your plan</h3>
          <p className="mt-1 text-sm text-ink-soft">{credit == null ? 'No monthly AI credit cap' : `$${credit.toFixed(2)} AI credit per month`}</p>
          <div className="mt-3">
            <Meter figures={meterFigures({ usage })} showPayg={false} />
          </div>
        </section>
      )}
    </Card>
  );
}
