const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Deleted {date}' of a Trash row. */
export function formatDeletedOn(deletedAt: string, locale?: string): string {
  const date = new Date(deletedAt);
  if (Number.isNaN(date.getTime())) return 'Deleted';
  return `Deleted ${date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

/** How long a document stays in the Trash: whole days, rounded up ('30 days left' right after the delete). */
export function formatDaysLeft(purgeAt: string, now: Date): string {
  const days = Math.ceil((Date.parse(purgeAt) - now.getTime()) / DAY_MS);
  if (Number.isNaN(days)) return '';
  // The hourly maintenance job deletes it on its next run.
  if (days <= 0) return 'Deleted for good within the hour';
  return days === 1 ? '1 day left' : `${days} days left`;
}
