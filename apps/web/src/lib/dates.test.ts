import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocale, formatDate, formatDateTime, formatTime, formatTimeAgo, formatWeekday, toDate } from './dates';

// Intl puts narrow no-break spaces in some formats (before AM/PM); compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
// Local-time constructors keep the tests independent of the machine's time zone.
const at = new Date(2025, 5, 16, 15, 5); // Monday 16 June 2025, 15:05

describe('one date format everywhere, in the browser locale', () => {
  it('formats dates, times and weekdays the American way in en-US', () => {
    expect(plain(formatDate(at, 'en-US'))).toBe('Jun 16, 2025');
    expect(plain(formatTime(at, 'en-US'))).toBe('3:05 PM');
    expect(plain(formatDateTime(at, 'en-US'))).toBe('Jun 16, 2025, 3:05 PM');
    expect(formatWeekday(at, 'en-US')).toBe('Monday');
  });

  it('formats the same moment the German way in de-DE: day first, 24-hour clock, German names', () => {
    expect(plain(formatDate(at, 'de-DE'))).toBe('16.06.2025');
    expect(plain(formatTime(at, 'de-DE'))).toBe('15:05');
    expect(plain(formatDateTime(at, 'de-DE'))).toBe('16.06.2025, 15:05');
    expect(formatWeekday(at, 'de-DE')).toBe('Montag');
  });

  it('says how long ago in the locale: just now, minutes, hours, then the date', () => {
    const now = at.getTime();
    expect(formatTimeAgo(now - 20_000, now, 'en-US')).toBe('just now');
    expect(formatTimeAgo(now - 60_000, now, 'en-US')).toBe('1 minute ago');
    expect(formatTimeAgo(now - 5 * 60_000, now, 'en-US')).toBe('5 minutes ago');
    expect(formatTimeAgo(now - 2 * 3_600_000, now, 'en-US')).toBe('2 hours ago');
    expect(formatTimeAgo(now - 5 * 60_000, now, 'de-DE')).toBe('vor 5 Minuten');
    expect(formatTimeAgo(new Date(2025, 5, 10, 9, 0), now, 'en-US')).toBe('on Jun 10, 2025');
    expect(formatTimeAgo(new Date(2025, 5, 10, 9, 0), now, 'de-DE')).toBe('on 10.06.2025');
    // A clock slightly ahead still reads as just now.
    expect(formatTimeAgo(now + 5_000, now, 'en-US')).toBe('just now');
  });

  it('reads ISO strings and epoch numbers; an unreadable value formats as nothing', () => {
    expect(plain(formatDate(at.toISOString(), 'en-US'))).toBe('Jun 16, 2025');
    expect(plain(formatDate(at.getTime(), 'en-US'))).toBe('Jun 16, 2025');
    expect(formatDate('not a date', 'en-US')).toBe('');
    expect(toDate('')).toBeNull();
    expect(toDate(null)).toBeNull();
  });
});

describe('browserLocale', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the browser's first preferred language", () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'], language: 'de-DE' });
    expect(browserLocale()).toBe('de-DE');
    expect(plain(formatTime(at))).toBe('15:05');
  });
});
