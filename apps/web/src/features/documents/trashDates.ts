import { browserLocale, formatDate } from '../../lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Deleted {date}' of a Trash row, in the one date format of the app. */
export function formatDeletedOn(deletedAt: string, locale = browserLocale()): string {
  const date = formatDate(deletedAt, locale);
  return date ? `Deleted ${date}` : 'Deleted';
}

/** How long a document stays in the Trash: whole days, rounded up ('30 days left' right after the delete). */
export function formatDaysLeft(purgeAt: string, now: Date): string {
  const days = Math.ceil((Date.parse(purgeAt) - now.getTime()) / DAY_MS);
  if (Number.isNaN(days)) return '';
  // The hourly maintenance job deletes it on its next run.
  if (days <= 0) return 'Deleted for good within the hour';
  return days === 1 ? '1 day left' : `${days} days left`;
}
