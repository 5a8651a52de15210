import { PageHeader, Spinner } from '../../ui';
import { errorMessage } from '../../lib/errors';
import { BillingOffPlan, CurrentPlan } from './CurrentPlan';
import { PayAsYouGoSetting } from './PayAsYouGoSetting';
import { PlanCards } from './PlanCards';
import { UsageNotice } from './UsageNotice';
import { UsageReport } from './UsageReport';
import { useBillingEnabled, useBudget, useCheckout, usePortal, useSpendingLimit, useSubscriptionStatus, useUsageCurrent } from './useBilling';

/** /subscription for a signed-in user: the honest billing-off view, or plans, status, usage and limits. */
export function SubscriptionPage() {
  const enabled = useBillingEnabled();
  return enabled ? <BillingOnPage /> : <BillingOffPage />;
}

function BillingOffPage() {
  const usage = useUsageCurrent();
  return (
    <>
      <PageHeader title="Subscription" description="Your plan and this period's usage." />
      <div className="mt-8 space-y-6">
        <div className="overflow-hidden rounded-lg empty:hidden">
          <UsageNotice showLink={false} />
        </div>
        <BillingOffPlan usage={usage.data} />
      </div>
    </>
  );
}

function BillingOnPage() {
  const status = useSubscriptionStatus();
  const budget = useBudget();
  const usage = useUsageCurrent();
  const checkout = useCheckout();
  const portal = usePortal();
  const spendingLimit = useSpendingLimit();
  const pro = status.data?.planType === 'PRO';
  return (
    <>
      <PageHeader title="Subscription" description="Plans, your subscription and this period's usage." />
      <div className="mt-8 space-y-6">
        <div className="overflow-hidden rounded-lg empty:hidden">
          <UsageNotice showLink={false} />
        </div>
        {status.isPending && <Spinner showLabel label="Loading your subscription" />}
        {status.isError && <p className="text-sm text-danger">{errorMessage(status.error, 'Your subscription could not be loaded.')}</p>}
        {status.data && (
          <CurrentPlan status={status.data} budget={budget.data} usage={usage.data} managing={portal.isPending} onManage={() => portal.mutate()} />
        )}
        <PlanCards current={status.data ? (pro ? 'PRO' : 'FREE') : null} upgrading={checkout.isPending} onUpgrade={() => checkout.mutate()} />
        {pro && budget.data && (
          <PayAsYouGoSetting
            key={budget.data.payAsYouGo.spendingLimit}
            payAsYouGo={budget.data.payAsYouGo}
            saving={spendingLimit.isPending}
            onSave={(limit) => spendingLimit.mutate(limit)}
          />
        )}
        <UsageReport />
      </div>
    </>
  );
}
