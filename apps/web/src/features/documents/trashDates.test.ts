import { describe, expect, it } from 'vitest';
import { formatDaysLeft, formatDeletedOn } from './trashDates';

const DAY = 24 * 3600 * 1000;

describe('Trash dates', () => {
  it('counts the days left, rounded up, until the document is deleted for good', () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(formatDaysLeft(at(30 * DAY), now)).toBe('30 days left');
    expect(formatDaysLeft(at(29 * DAY + 1), now)).toBe('30 days left');
    expect(formatDaysLeft(at(2 * DAY), now)).toBe('2 days left');
    expect(formatDaysLeft(at(3600_000), now)).toBe('1 day left');
    expect(formatDaysLeft(at(-60_000), now)).toBe('Deleted for good within the hour');
  });

  it('says when the document was deleted', () => {
    expect(formatDeletedOn('2031-03-01T12:00:00Z', 'en-US')).toBe('Deleted Mar 1, 2031');
    expect(formatDeletedOn('not a date')).toBe('Deleted');
  });
});
