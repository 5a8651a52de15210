import { describe, expect, it } from 'vitest';
import { versionsToThin } from './versions.thinning';

const now = new Date('2026-06-30T12:00:00Z');
const at = (msAgo: number, id: string, fileId = 'f1', name: string | null = null) => ({ id, fileId, createdAt: new Date(now.getTime() - msAgo), name });
const MIN = 60_000,
  HOUR = 60 * MIN,
  DAY = 24 * HOUR;

describe('version thinning', () => {
  it('keeps every version of the last 24 hours', () => {
    const vs = [at(MIN, 'a'), at(2 * MIN, 'b'), at(23 * HOUR, 'c')];
    expect(versionsToThin(vs, now)).toEqual([]);
  });

  it('keeps the newest per hour between 24 hours and 30 days', () => {
    const base = 3 * DAY + 30 * MIN; // 3 days ago, bucket-aligned offset
    const vs = [at(base, 'newest'), at(base + 10 * MIN, 'older'), at(base + 2 * HOUR, 'otherHour')];
    expect(versionsToThin(vs, now).sort()).toEqual(['older']);
  });

  it('keeps the newest per day beyond 30 days, per file', () => {
    const base = 40 * DAY;
    const vs = [at(base, 'd1'), at(base + 3 * HOUR, 'd1b'), at(base, 'other-file', 'f2'), at(base + 2 * DAY, 'd3')];
    expect(versionsToThin(vs, now)).toEqual(['d1b']);
  });

  it('never removes a named version, and keeps the newest unnamed one of its hour or day beside it', () => {
    const hourly = 3 * DAY + 30 * MIN;
    const daily = 40 * DAY;
    const vs = [
      at(hourly, 'named-newest', 'f1', 'First draft'),
      at(hourly + 5 * MIN, 'unnamed-hour'),
      at(hourly + 10 * MIN, 'unnamed-older'),
      at(daily, 'named-day', 'f1', 'Sent to editor'),
      at(daily + HOUR, 'named-day-older', 'f1', 'Before cuts'),
      at(daily + 2 * HOUR, 'unnamed-day'),
    ];
    expect(versionsToThin(vs, now).sort()).toEqual(['unnamed-older']);
  });
});
