import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type FeedbackAttachment, type FeedbackItem, type FeedbackUpdateBody } from '@bree/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useServices } from '../../../app/services';
import { notify } from '../../../lib/toast';
import { Button } from '../../../ui';
import { getCurrentTenant } from '../../tenancy';
import { bulkDeleteFeedback, listFeedback, loadFailure, openAttachment, updateFeedback, updateFailure } from './api';
import { FeedbackCard } from './FeedbackCard';
import { applyFilters, confirmBulkDelete, feedbackCounters, NO_FILTERS, type FeedbackFilters, type PreserveFilter, type StatusFilter } from './rules';

const SELECT = 'rounded-md border border-line-strong bg-surface px-2 py-1.5 text-sm text-ink';

/** An error message that goes away after 5 seconds (docs/PRODUCT.md#admin). */
function useFleetingMessage(): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(null), FEEDBACK_LIMITS.adminErrorMs);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText];
}

/** 'Feedback Management' (docs/PRODUCT.md#admin): counters, filters, cards and the bulk bar. */
export function FeedbackManagement() {
  const { api, tokens } = useServices();
  const queryClient = useQueryClient();
  const ids = useId();
  const [filters, setFilters] = useState<FeedbackFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [updatingId, setUpdatingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useFleetingMessage();
  const query = useQuery({ queryKey: ['admin-feedback', filters], queryFn: () => listFeedback(api, filters), placeholderData: (previous) => previous });
  const now = Date.now();
  const items = useMemo(() => applyFilters(query.data ?? [], filters), [query.data, filters]);
  const counters = feedbackCounters(query.data ?? [], now);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin-feedback'] });

  async function update(id: string, change: FeedbackUpdateBody) {
    setUpdatingId(id);
    try {
      await updateFeedback(api, id, change);
      await reload();
    } catch (failure) {
      setError(updateFailure(failure, 'status' in change ? 'status' : 'preserve'));
    } finally {
      setUpdatingId(null);
    }
  }

  async function deleteSelected() {
    const chosen = [...selected];
    if (!confirmBulkDelete(chosen.length, { confirm: (t) => window.confirm(t), prompt: (t) => window.prompt(t) })) return;
    setDeleting(true);
    try {
      await bulkDeleteFeedback(api, chosen);
      setSelected(new Set());
      // Gone from every loaded list at once: a list read while the delete ran cannot bring them back.
      const gone = new Set(chosen);
      queryClient.setQueriesData<FeedbackItem[]>({ queryKey: ['admin-feedback'] }, (old) => old?.filter((item) => !gone.has(item.id)));
      await reload();
    } catch {
      setError(FEEDBACK_MESSAGES.bulkDeleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  function attachment(feedbackId: string, file: FeedbackAttachment, download: boolean) {
    openAttachment({ getAccessToken: () => tokens.getAccessToken(), tenantId: getCurrentTenant(), feedbackId, attachment: file, download }).catch(
      (failure: unknown) => notify.error(failure instanceof Error ? failure.message : 'The attachment could not be opened.'),
    );
  }

  const setFilter = (change: Partial<FeedbackFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-5">
      {/* The section's page heading in the portal, like the other sections' PageHeader. */}
      <h1 id={`${ids}-title`} className="font-serif text-2xl font-semibold tracking-tight text-ink">
        Feedback Management
      </h1>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Total Feedback', counters.total],
            ['New Items', counters.fresh],
            ['Preserved', counters.preserved],
            ['Expiring Soon', counters.expiringSoon],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-surface p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-serif text-2xl font-semibold text-ink" aria-label={`${label}: ${value}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-ink-soft">
          Status
          <select className={SELECT} value={filters.status} onChange={(e) => setFilter({ status: e.target.value as StatusFilter })}>
            <option value="all">All</option>
            <option value="new">New</option>
            <option value="read">Read</option>
            <option value="responded">Responded</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-soft">
          Preservation
          <select className={SELECT} value={filters.preserve} onChange={(e) => setFilter({ preserve: e.target.value as PreserveFilter })}>
            <option value="all">All</option>
            <option value="preserved">Preserved</option>
            <option value="not-preserved">Not Preserved</option>
          </select>
        </label>
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm text-ink-soft">
          Search
          <input
            type="search"
            className={SELECT}
            value={filters.search}
            placeholder="Message, e-mail or name"
            onChange={(e) => setFilter({ search: e.target.value })}
          />
        </label>
      </div>

      {selected.size > 0 && (
        <div role="region" aria-label="Selected feedback" className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-cream p-3 text-sm">
          <span className="font-medium text-ink">{selected.size} selected</span>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set(items.map((i) => i.id)))}>
            Select Page
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear Selection
          </Button>
          <Button size="sm" variant="danger" className="ml-auto" disabled={deleting} onClick={() => void deleteSelected()}>
            {deleting ? FEEDBACK_MESSAGES.deleting : 'Delete Selected'}
          </Button>
        </div>
      )}

      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      {query.isPending ? (
        <p role="status" className="text-sm text-muted">
          {FEEDBACK_MESSAGES.loading}
        </p>
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {loadFailure(query.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{FEEDBACK_MESSAGES.empty}</p>
      ) : (
        <div className="space-y-3">
          {items.map((item) => (
            <FeedbackCard
              key={item.id}
              item={item}
              now={now}
              selected={selected.has(item.id)}
              updating={updatingId === item.id}
              onSelect={(on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(item.id);
                  else next.delete(item.id);
                  return next;
                })
              }
              onUpdate={(change) => void update(item.id, change)}
              onAttachment={(file, download) => attachment(item.id, file, download)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
