import { browserLocale, formatDate, formatTime, formatWeekday, toDate } from '../../lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the list may receive as a modification time (docs/PRODUCT.md#documents: number, date or string). */
export type ModifiedValue = string | number | Date | null | undefined;

/** Whole calendar days between two local dates; counting midnights keeps "yesterday at 23:59" right. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((b - a) / DAY_MS);
}

/**
 * The row's last-modified text (docs/PRODUCT.md#documents): today / yesterday / weekday for 2–7 days ago /
 * a date otherwise; 'Unknown date' when missing or unreadable.
 */
export function formatLastModified(value: ModifiedValue, now: Date, locale = browserLocale()): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  const time = formatTime(date, locale);
  const days = calendarDaysBetween(date, now);
  // A server clock slightly ahead of ours still reads as today, not as a future date.
  if (days <= 0 && days > -1) return `Edited today at ${time}`;
  if (days === 1) return `Edited yesterday at ${time}`;
  if (days >= 2 && days <= 7) return `Edited ${formatWeekday(date, locale)} at ${time}`;
  return `Edited on ${formatDate(date, locale)}`;
}
