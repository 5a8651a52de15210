import { ADMIN_MESSAGES } from '@bree/contracts';
import { Dialog, Spinner } from '../../ui';
import { useUserUsage } from './api';
import { dayOrNever, money, subscriptionLabel } from './format';

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
          {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Usage per month">
            <table className="w-full text-sm">
              <caption className="pb-2 text-left font-semibold text-ink">Usage per month</caption>
              <thead className="text-muted">
                <tr>
                  <th className="px-2 py-1 text-left font-medium">period</th>
                  <th className="px-2 py-1 text-right font-medium">fastCalls</th>
                  <th className="px-2 py-1 text-right font-medium">premiumCalls</th>
                  <th className="px-2 py-1 text-right font-medium">fastTokens</th>
                  <th className="px-2 py-1 text-right font-medium">premiumTokens</th>
                  <th className="px-2 py-1 text-right font-medium">voiceMinutes</th>
                  <th className="px-2 py-1 text-right font-medium">Cost</th>
                </tr>
              </thead>
              <tbody className="text-ink-soft">
                {usage.data.data.periods.map((p) => (
                  <tr key={p.period} className="border-t border-line">
                    <td className="px-2 py-1">{p.period}</td>
                    <td className="px-2 py-1 text-right">{p.fastCalls}</td>
                    <td className="px-2 py-1 text-right">{p.premiumCalls}</td>
                    <td className="px-2 py-1 text-right">{p.fastTokens.toLocaleString()}</td>
                    <td className="px-2 py-1 text-right">{p.premiumTokens.toLocaleString()}</td>
                    <td className="px-2 py-1 text-right">{p.voiceMinutes}</td>
                    <td className="px-2 py-1 text-right">{money(p.cost)}</td>
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
