import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import type { Database } from '../../db/db';
import { createRateLimitCounters, type RateLimitCounters } from '../rate-limits/rate-limits.port';
import { createAccountLimiter } from './rate-limit';

describe('the per-account sign-in limiter', () => {
  let database: Database;
  let counters: RateLimitCounters;
  let clock = 0;

  beforeAll(async () => {
    database = await getTestDatabase();
    counters = createRateLimitCounters({ db: database.db });
  });
  beforeEach(() => resetDatabase(database));

  it('locks after the maximum attempts until the window ends', async () => {
    clock = 1_000_000;
    const limiter = createAccountLimiter({ counters, scope: 'sign-in', maxFailures: 3, windowMs: 60_000, now: () => clock });
    for (let i = 0; i < 3; i++) expect(await limiter.attempt('a@x.io')).toBe(0);
    expect(await limiter.attempt('a@x.io')).toBe(60);
    expect(await limiter.attempt('b@x.io')).toBe(0);

    clock += 45_000;
    expect(await limiter.attempt('a@x.io')).toBe(15);
    // An attempt after the window starts a new one.
    clock += 15_000;
    expect(await limiter.attempt('a@x.io')).toBe(0);
  });

  it('forgets attempts after a successful sign-in', async () => {
    const limiter = createAccountLimiter({ counters, scope: 'sign-in', maxFailures: 2, windowMs: 60_000 });
    await limiter.attempt('a@x.io');
    await limiter.attempt('a@x.io');
    await limiter.recordSuccess('a@x.io');
    expect(await limiter.attempt('a@x.io')).toBe(0);
    expect(await limiter.attempt('a@x.io')).toBe(0);
    expect(await limiter.attempt('a@x.io')).toBeGreaterThan(0);
  });

  it('counts every attempt once when two processes count at the same moment, and keeps scopes apart', async () => {
    // Two limiters over one table stand for two Bree processes on one database.
    const first = createAccountLimiter({ counters, scope: 'sign-in', maxFailures: 10, windowMs: 60_000 });
    const second = createAccountLimiter({ counters: createRateLimitCounters({ db: database.db }), scope: 'sign-in', maxFailures: 10, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).attempt('c@x.io')));
    expect(waits.every((wait) => wait === 0)).toBe(true);
    expect(await first.attempt('c@x.io')).toBeGreaterThan(0);
    expect(await second.attempt('c@x.io')).toBeGreaterThan(0);
    const mail = createAccountLimiter({ counters, scope: 'reset-mail', maxFailures: 1, windowMs: 60_000 });
    expect(await mail.attempt('c@x.io')).toBe(0);
  });

  it('lets at most the maximum of concurrent attempts through, each counted before it is checked', async () => {
    clock = 2_000_000;
    const limiter = createAccountLimiter({ counters, scope: 'sign-in', maxFailures: 3, windowMs: 60_000, now: () => clock });
    const waits = await Promise.all(Array.from({ length: 15 }, () => limiter.attempt('d@x.io')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    expect(waits.filter((wait) => wait === 60)).toHaveLength(12);
    await limiter.recordSuccess('d@x.io');
    expect(await limiter.attempt('d@x.io')).toBe(0);
  });

  it('sweeps only the counters whose window ended', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    await counters.hit({ key: 'old', windowMs: 1_000, at });
    await counters.hit({ key: 'current', windowMs: 60_000, at });
    expect(await counters.sweep(new Date(at.getTime() + 2_000))).toBe(1);
    expect(await counters.read({ key: 'current', at: new Date(at.getTime() + 2_000) })).toMatchObject({ hits: 1 });
    expect(await counters.read({ key: 'old', at })).toBeNull();
  });
});
