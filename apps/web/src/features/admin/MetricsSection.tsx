import { useState } from 'react';
import { ADMIN, ADMIN_MESSAGES, type MetricsRange } from '@bree/contracts';
import { Card, Label, PageHeader, Spinner } from '../../ui';
import { useDailySignups, useTotals } from './api';
import { money } from './format';
import { SignupsChart } from './SignupsChart';
import { UserDetailModal } from './UserDetailModal';
import { SEGMENT_LABELS, UserList } from './UserList';

const TOTALS = ['newSignups', 'freeActive', 'freeInactive', 'paidActive', 'paidInactive'] as const;

/** The range choice (docs/PRODUCT.md#admin: 7d, 28d, 30d; default 28d). */
export function RangeSelect({ range, onChange }: { range: MetricsRange; onChange: (range: MetricsRange) => void }) {
  return (
    <div>
      <Label htmlFor="admin-range">Range</Label>
      <select
        id="admin-range"
        value={range}
        onChange={(e) => onChange(e.target.value as MetricsRange)}
        className="mt-1.5 h-10 rounded-md border border-line-strong bg-surface px-3 text-base text-ink"
      >
        {ADMIN.metricsRanges.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </div>
  );
}

/** User Metrics: totals by segment and spending, the daily sign-ups chart, and each segment's users. */
export function MetricsSection() {
  const [range, setRange] = useState<MetricsRange>(ADMIN.defaultRange);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const totals = useTotals(range);
  const signups = useDailySignups();
  const data = totals.data?.data;
  return (
    <section aria-label="User Metrics">
      <PageHeader
        title="User Metrics"
        description="Everyone with an account on this server, by plan and activity."
        actions={<RangeSelect range={range} onChange={setRange} />}
      />
      {totals.isPending && <Spinner showLabel label="Loading metrics" className="mt-6" />}
      {totals.isError && (
        <p role="alert" className="mt-6 text-sm text-danger">
          {ADMIN_MESSAGES.fetchMetricsFailed}
        </p>
      )}
      {data && (
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {TOTALS.map((key) => (
            <Card key={key} className="p-4">
              <p className="text-sm text-muted">{SEGMENT_LABELS[key]}</p>
              <p className="mt-1 font-serif text-2xl font-semibold text-ink" data-testid={`total-${key}`}>
                {data[key]}
              </p>
            </Card>
          ))}
          <Card className="p-4">
            <p className="text-sm text-muted">Total spending</p>
            <p className="mt-1 font-serif text-2xl font-semibold text-ink">{money(data.costInsights.totalSpending)}</p>
          </Card>
          <Card className="p-4">
            <p className="text-sm text-muted">Average per spending user</p>
            <p className="mt-1 font-serif text-2xl font-semibold text-ink">{money(data.costInsights.averageSpending)}</p>
          </Card>
        </div>
      )}
      <Card className="mt-6">
        <h2 className="font-serif text-lg font-semibold text-ink">Daily sign-ups, last {ADMIN.signupsChartDays} days</h2>
        <div className="mt-3">
          {signups.isPending && <Spinner label="Loading sign-ups" />}
          {signups.isError && <p className="text-sm text-danger">{ADMIN_MESSAGES.fetchMetricsFailed}</p>}
          {signups.data && <SignupsChart days={signups.data.data} />}
        </div>
      </Card>
      <Card className="mt-6">
        <h2 className="mb-3 font-serif text-lg font-semibold text-ink">Users by segment</h2>
        <UserList range={range} onOpen={setOpenUser} />
      </Card>
      <UserDetailModal userId={openUser} onClose={() => setOpenUser(null)} />
    </section>
  );
}
