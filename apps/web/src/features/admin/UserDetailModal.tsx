import { ADMIN_MESSAGES } from '@bree/contracts';
import { Dialog, Spinner } from '../../ui';
import { useUserUsage } from './api';
import { dayOrNever, money, subscriptionLabel } from './format';

/** The usage table's headers, in words (docs/ADMIN.md): the fields are fastCalls, premiumCalls, fastTokens, premiumTokens, voiceMinutes, cost. */
const USAGE_COLUMNS = ['Month', 'Fast calls', 'Premium calls', 'Fast tokens', 'Premium tokens', 'Voice minutes', 'Cost'] as const;

type UsagePeriod = { fastCalls: number; premiumCalls: number; fastTokens: number; premiumTokens: number; voiceMinutes: number; cost: number };

/** A month's figures under the headers after Month, in order. */
function usageFigures(p: UsagePeriod): [string, string][] {
  return [
    ['Fast calls', p.fastCalls.toLocaleString('en-US')],
    ['Premium calls', p.premiumCalls.toLocaleString('en-US')],
    ['Fast tokens', p.fastTokens.toLocaleString('en-US')],
    ['Premium tokens', p.premiumTokens.toLocaleString('en-US')],
    ['Voice minutes', p.voiceMinutes.toFixed(1)],
    ['Cost', money(p.cost)],
  ];
}

/** A user's account and months of usage (docs/PRODUCT.md#admin: fastCalls, premiumCalls, fastTokens, premiumTokens, voiceMinutes, period). */
export function UserDetailModal({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const usage = useUserUsage(userId);
  const user = usage.data?.data.user;
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()} title={user?.email ?? user?.name ?? 'User details'} className="max-w-3xl">
      {usage.isPending && <Spinner showLabel label="Loading user details" />}
      {usage.isError && (
        <p role="alert" className="text-sm text-danger">
          {ADMIN_MESSAGES.userDetailsFailed}
        </p>
      )}
      {user && usage.data && (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted">Joined</dt>
              <dd className="text-ink">{dayOrNever(user.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-muted">Last active</dt>
              <dd className="text-ink">{dayOrNever(user.lastActiveAt)}</dd>
            </div>
            <div>
              <dt className="text-muted">Subscription</dt>
              <dd className="text-ink">{subscriptionLabel(user.subscriptionStatus)}</dd>
            </div>
            <div>
              <dt className="text-muted">This month</dt>
              <dd className="text-ink">{money(user.monthlySpending)}</dd>
            </div>
          </dl>
          {/* Focusable, so a keyboard can scroll the table sideways should a narrow window still need it. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Usage per month">
            <h3 className="pb-2 text-sm font-semibold text-ink sm:hidden">Usage per month</h3>
            {/* On a phone seven columns cannot fit: each month is a small list of the same figures instead. */}
            <ul className="space-y-3 sm:hidden">
              {usage.data.data.periods.map((p) => (
                <li key={p.period} className="border-t border-line pt-2">
                  <p className="text-sm font-medium text-ink">{p.period}</p>
                  <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                    {usageFigures(p).map(([label, value]) => (
                      <div key={label} className="flex justify-between gap-2">
                        <dt className="text-muted">{label}</dt>
                        <dd className="text-ink-soft">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-sm sm:table">
              <caption className="pb-2 text-left font-semibold text-ink">Usage per month</caption>
              <thead className="text-muted">
                <tr>
                  {USAGE_COLUMNS.map((column, i) => (
                    // Two-word headers may wrap, so the seven columns fit the dialog's width instead of clipping the last ones.
                    <th key={column} scope="col" className={`px-1.5 py-1 align-bottom font-medium ${i === 0 ? 'text-left' : 'text-right'}`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="text-ink-soft">
                {usage.data.data.periods.map((p) => (
                  <tr key={p.period} className="border-t border-line">
                    <td className="px-1.5 py-1 whitespace-nowrap">{p.period}</td>
                    {usageFigures(p).map(([label, value]) => (
                      <td key={label} className="px-1.5 py-1 text-right">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Dialog>
  );
}
