import { useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../ui';
import { useBudget, useUsageCurrent } from './useBilling';
import { usageNotices, type UsageNoticeItem } from './usageNotices';

const SEEN_KEY = 'bree.usageNotices.dismissed';

/** The notices dismissed so far, as `period:key` (kept across sessions: each is shown once a period). */
function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const idOf = (notice: UsageNoticeItem) => `${notice.period}:${notice.key}`;

/** One calm notice: its sentence, 'View Usage' (unless on /subscription already) and a dismiss button; at least 48 px tall, it wraps on a phone. */
export function UsageNoticeView({ notice, onDismiss, showLink = true }: { notice: UsageNoticeItem; onDismiss: () => void; showLink?: boolean }) {
  return (
    <div role="status" className="flex min-h-12 flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-accent-soft px-4 py-2 text-sm text-ink">
      <p className="min-w-0 text-center">{notice.text}</p>
      {showLink && (
        <Link to="/subscription" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
          View Usage
        </Link>
      )}
      <button type="button" aria-label="Dismiss usage notice" onClick={onDismiss} className="rounded-sm px-2 text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

/**
 * The usage notices of docs/BILLING.md#notices — 80 % of a cap, pay-as-you-go beginning and nearing
 * its threshold — in one place, so a writer never sees two warnings about the same thing. The most
 * pressing one not yet dismissed this period shows; dismissing it shows the next, never the same again.
 */
export function UsageNotice({ showLink = true }: { showLink?: boolean }) {
  const usage = useUsageCurrent();
  const budget = useBudget();
  const [dismissed, setDismissed] = useState(readDismissed);
  const notice = usageNotices({ usage: usage.data, budget: budget.data }).find((item) => !dismissed.includes(idOf(item)));
  if (!notice) return null;
  const dismiss = () => {
    // Notices of earlier periods are dropped, so the list stays a handful of entries.
    const next = [...dismissed.filter((id) => id.startsWith(`${notice.period}:`)), idOf(notice)];
    setDismissed(next);
    try {
      localStorage.setItem(SEEN_KEY, JSON.stringify(next));
    } catch {
      // Storage unavailable (private mode): dismissed for this page only.
    }
  };
  return <UsageNoticeView notice={notice} onDismiss={dismiss} showLink={showLink} />;
}
