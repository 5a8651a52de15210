import type { AdminAuditAction, AdminAuditEntry } from '@bree/contracts';
import { formatDateTime } from '../../lib/dates';
import { Button, PageHeader, Spinner } from '../../ui';
import { useAuditLog } from './opsApi';

/** Each recorded action in the administrator's words. */
const ACTION_LABELS: Record<AdminAuditAction, string> = {
  'ai.switch': 'Changed the AI switch',
  'feedback.update': 'Changed a feedback item',
  'feedback.delete': 'Deleted feedback',
  'feedback.attachment': 'Opened a feedback attachment',
  'publishing.draft': 'Saved a post draft',
  'publishing.publish': 'Published a post',
  'publishing.unpublish': 'Unpublished a post',
  'usage.lookup': 'Looked up an account',
  'usage.view': "Viewed an account's usage",
};

/** The switch's new state, or a change's fields, in a line. */
function describeDetail(entry: AdminAuditEntry): string {
  if (entry.action === 'ai.switch') {
    const off = (['assistantOff', 'premiumOff', 'dictationOff'] as const).filter((k) => entry.detail[k] === true);
    const names = { assistantOff: 'AI assistant', premiumOff: 'Premium tier', dictationOff: 'Dictation' };
    return off.length === 0 ? 'Everything on' : `Off: ${off.map((k) => names[k]).join(', ')}`;
  }
  return Object.entries(entry.detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.length : String(v)}`)
    .join(', ');
}

/** Audit log: what administrators did, newest first, 50 at a time (docs/OPERATIONS.md "Audit log"). */
export function AuditLogSection() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label="Audit log">
      <PageHeader title="Audit log" description="Every administrator action on this server: who did what, and when." />
      {log.isPending && <Spinner showLabel label="Loading the audit log" className="mt-6" />}
      {log.isError && (
        <p role="alert" className="mt-6 text-sm text-danger">
          The audit log could not be loaded. Check your connection and try again.
        </p>
      )}
      {log.isSuccess && entries.length === 0 && <p className="mt-6 text-sm text-muted">No administrator has done anything yet.</p>}
      {entries.length > 0 && (
        <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="w-full text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead className="text-muted">
              <tr>
                <th className="px-2 py-1 text-left font-medium">When</th>
                <th className="px-2 py-1 text-left font-medium">Who</th>
                <th className="px-2 py-1 text-left font-medium">What</th>
                <th className="px-2 py-1 text-left font-medium">On</th>
                <th className="px-2 py-1 text-left font-medium">Details</th>
              </tr>
            </thead>
            <tbody className="text-ink-soft">
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-line">
                  <td className="px-2 py-1 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                  <td className="max-w-56 truncate px-2 py-1">{entry.actorEmail ?? entry.actorId}</td>
                  <td className="px-2 py-1">{ACTION_LABELS[entry.action]}</td>
                  <td className="max-w-48 truncate px-2 py-1">{entry.target ?? '—'}</td>
                  <td className="px-2 py-1">{describeDetail(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" size="sm" className="mt-3" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
        </Button>
      )}
    </section>
  );
}
