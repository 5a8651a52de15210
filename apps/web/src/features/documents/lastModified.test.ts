import { describe, expect, it } from 'vitest';
import { formatLastModified } from './lastModified';

// Local-time constructors keep the test independent of the machine's time zone.
const now = new Date(2025, 5, 18, 15, 0); // Wednesday 18 June 2025, 15:00
const fmt = (d: Date | string | number | null | undefined) => formatLastModified(d, now, 'en-US').replace(/\s/g, ' ');

describe('last-modified text of a document row', () => {
  it('says today with the time', () => {
    expect(fmt(new Date(2025, 5, 18, 9, 5))).toBe('Edited today at 9:05 AM');
  });

  it('says yesterday even when only minutes have passed across midnight', () => {
    const lateNight = new Date(2025, 5, 18, 0, 10);
    expect(formatLastModified(new Date(2025, 5, 17, 23, 59), lateNight, 'en-US').replace(/\s/g, ' ')).toBe('Edited yesterday at 11:59 PM');
  });

  it('names the weekday for 2 to 7 days ago', () => {
    expect(fmt(new Date(2025, 5, 16, 14, 30))).toBe('Edited Monday at 2:30 PM');
    expect(fmt(new Date(2025, 5, 11, 8, 0))).toBe('Edited Wednesday at 8:00 AM');
  });

  it('gives the date for anything older', () => {
    expect(fmt(new Date(2025, 5, 10, 8, 0))).toBe('Edited on Jun 10, 2025');
    expect(fmt(new Date(2023, 0, 2, 8, 0))).toBe('Edited on Jan 2, 2023');
  });

  it('reads ISO strings and epoch numbers', () => {
    const at = new Date(2025, 5, 18, 12, 0);
    expect(fmt(at.toISOString())).toBe('Edited today at 12:00 PM');
    expect(fmt(at.getTime())).toBe('Edited today at 12:00 PM');
  });

  it('says Unknown date when missing or unreadable', () => {
    expect(fmt(undefined)).toBe('Unknown date');
    expect(fmt(null)).toBe('Unknown date');
    expect(fmt('')).toBe('Unknown date');
    expect(fmt('not a date')).toBe('Unknown date');
  });

  it('treats a timestamp slightly in the future as today', () => {
    expect(fmt(new Date(2025, 5, 18, 15, 1))).toBe('Edited today at 3:01 PM');
  });
});
