/**
 * Every date and time Bree shows goes through here, so there is one date format everywhere:
 * Intl in the browser's locale, so the order of day and month, the 12- or 24-hour clock and
 * the names follow the writer's settings. The words around them ('Edited … at …', 'Saved …')
 * are the UI's own.
 *
 *   date      Jun 10, 2025          (dateStyle medium)
 *   time      3:05 PM               (timeStyle short)
 *   dateTime  Jun 10, 2025, 3:05 PM
 *   weekday   Monday
 *   timeAgo   just now · 5 minutes ago · 2 hours ago · on Jun 10, 2025
 */

/** What a date may arrive as: a Date, an ISO string or epoch milliseconds (docs/PRODUCT.md#documents). */
export type DateInput = Date | string | number;

/** The browser's preferred locale; undefined lets Intl use the runtime's default. */
export function browserLocale(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.[0] ?? navigator.language ?? undefined;
}

/** A valid Date, or null for a missing or unreadable value. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const STYLES = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  weekday: { weekday: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

// Building a formatter costs far more than using one: one per locale and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

function dateFormatter(style: Style, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(style: Style, value: DateInput, locale: string | undefined): string {
  const date = toDate(value);
  return date ? dateFormatter(style, locale).format(date) : '';
}

/** 'Jun 10, 2025' in en-US, '10 juin 2025' in fr-FR. */
export const formatDate = (value: DateInput, locale = browserLocale()): string => format('date', value, locale);
/** '3:05 PM' in en-US, '15:05' in de-DE. */
export const formatTime = (value: DateInput, locale = browserLocale()): string => format('time', value, locale);
/** 'Jun 10, 2025, 3:05 PM' in en-US. */
export const formatDateTime = (value: DateInput, locale = browserLocale()): string => format('dateTime', value, locale);
/** 'Monday' in en-US, 'Montag' in de-DE. */
export const formatWeekday = (value: DateInput, locale = browserLocale()): string => format('weekday', value, locale);

/**
 * How long ago, for 'Saved {relative time}' (docs/PRODUCT.md#saving): 'just now' under a minute, then
 * minutes and hours in the locale's words ('5 minutes ago', 'vor 5 Minuten'), then 'on {date}'.
 */
export function formatTimeAgo(at: DateInput, now: DateInput = Date.now(), locale = browserLocale()): string {
  const then = toDate(at);
  const current = toDate(now);
  if (!then || !current) return '';
  const seconds = Math.max(0, Math.round((current.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const key = locale ?? '';
  let relative = relativeFormatters.get(key);
  if (!relative) {
    relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormatters.set(key, relative);
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return `on ${formatDate(then, locale)}`;
}
