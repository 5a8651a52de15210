import { useState } from 'react';
import type { BudgetData, SubscriptionStatus, UsageCurrent } from '@bree/contracts';
import { PAYG_MAX_SPENDING_LIMIT, meterFigures } from '@bree/contracts';
import { formatDate } from '../../lib/dates';
import { Button, Card, Input } from '../../ui';
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

/** The pay-as-you-go spending limit; 0 turns pay-as-you-go off. */
export function SpendingLimitForm({ current, saving, onSave }: { current: number; saving: boolean; onSave: (limit: number) => void }) {
  const [text, setText] = useState(String(current));
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= PAYG_MAX_SPENDING_LIMIT;
  return (
    <Card>
      <h2 className="font-serif text-xl font-semibold text-ink">Pay-as-you-go spending limit</h2>
      <p className="mt-1 text-sm text-muted">
        Once the Pro credit is used, calls cost about 1¢ each up to this amount a period. Set 0 to stop at the Pro credit.
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(value);
        }}
      >
        <div className="w-40">
          <Input
            label="Spending limit (USD)"
            type="number"
            min={0}
            max={PAYG_MAX_SPENDING_LIMIT}
            step="1"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={valid ? undefined : `Enter an amount from 0 to ${PAYG_MAX_SPENDING_LIMIT}.`}
          />
        </div>
        <Button type="submit" disabled={!valid || saving}>
          {saving ? 'Saving...' : 'Save limit'}
        </Button>
      </form>
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
