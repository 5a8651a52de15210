import { useState } from 'react';
import { ADMIN_MESSAGES, USER_SEGMENTS, type MetricsRange, type UserSegment } from '@bree/contracts';
import { ApiError } from '../../lib/api/errors';
import { Button, Label, Spinner } from '../../ui';
import { useUserList } from './api';
import { dayOrNever, money, subscriptionLabel } from './format';

export const SEGMENT_LABELS: Record<UserSegment, string> = {
  newSignups: 'New sign-ups',
  freeActive: 'Free, active',
  freeInactive: 'Free, inactive',
  paidActive: 'Paid, active',
  paidInactive: 'Paid, inactive',
};

/** A segment's users, 50 a page (keyset pages: Next follows the server's cursor, Previous goes back through the ones seen). */
export function UserList({ range, onOpen }: { range: MetricsRange; onOpen: (userId: string) => void }) {
  const [segment, setSegment] = useState<UserSegment>('newSignups');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const list = useUserList(segment, range, cursor);
  const data = list.data?.data;
  const page = cursors.length + 1;

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="admin-segment">Segment</Label>
          <select
            id="admin-segment"
            value={segment}
            onChange={(e) => {
              setSegment(e.target.value as UserSegment);
              setCursors([]);
            }}
            className="mt-1.5 h-10 rounded-md border border-line-strong bg-surface px-3 text-base text-ink"
          >
            {USER_SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {SEGMENT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {data && <p className="pb-2 text-sm text-muted">{data.total === 1 ? '1 user' : `${data.total} users`}</p>}
      </div>
      {list.isPending && <Spinner showLabel label="Loading users" className="mt-4" />}
      {list.isError && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {ADMIN_MESSAGES.fetchUsersFailed(list.error instanceof ApiError ? list.error.status : 0)}
        </p>
      )}
      {data && data.items.length === 0 && <p className="mt-4 text-sm text-muted">{ADMIN_MESSAGES.noUsersInSegment}</p>}
      {data && data.items.length > 0 && (
        // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={SEGMENT_LABELS[segment]}>
          <table className="w-full text-sm">
            <caption className="sr-only">{SEGMENT_LABELS[segment]}</caption>
            <thead className="text-muted">
              <tr>
                <th className="px-2 py-1 text-left font-medium">E-mail</th>
                <th className="px-2 py-1 text-left font-medium">Joined</th>
                <th className="px-2 py-1 text-left font-medium">Last active</th>
                <th className="px-2 py-1 text-left font-medium">Subscription</th>
                <th className="px-2 py-1 text-right font-medium">This month</th>
              </tr>
            </thead>
            <tbody className="text-ink-soft">
              {data.items.map((user) => (
                <tr key={user.userId} className="border-t border-line">
                  <td className="max-w-64 truncate px-2 py-1">
                    <button type="button" className="text-left text-accent underline" onClick={() => onOpen(user.userId)}>
                      {user.email ?? user.name ?? user.userId}
                    </button>
                  </td>
                  <td className="px-2 py-1 whitespace-nowrap">{dayOrNever(user.createdAt)}</td>
                  <td className="px-2 py-1 whitespace-nowrap">{dayOrNever(user.lastActiveAt)}</td>
                  <td className="px-2 py-1">{subscriptionLabel(user.subscriptionStatus)}</td>
                  <td className="px-2 py-1 text-right">{money(user.monthlySpending)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (page > 1 || data.nextCursor) && (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </Button>
          <span className="text-sm text-muted">Page {page}</span>
          <Button variant="secondary" size="sm" disabled={!data.nextCursor} onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor!])}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
