import { afterEach, describe, expect, it } from 'vitest';
import { createAccountLimiter, type AccountLimiter } from './rate-limit';

describe('the per-account sign-in limiter', () => {
  let limiter: AccountLimiter;
  let clock = 0;
  afterEach(() => limiter.close());

  it('locks after the maximum failures until the window ends', () => {
    clock = 1_000_000;
    limiter = createAccountLimiter({ maxFailures: 3, windowMs: 60_000, now: () => clock });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a@x.io')).toBe(0);
      limiter.recordFailure('a@x.io');
    }
    expect(limiter.retryAfter('a@x.io')).toBe(60);
    expect(limiter.retryAfter('b@x.io')).toBe(0);

    clock += 45_000;
    expect(limiter.retryAfter('a@x.io')).toBe(15);
    clock += 15_000;
    expect(limiter.retryAfter('a@x.io')).toBe(0);
  });

  it('forgets failures after a successful sign-in', () => {
    limiter = createAccountLimiter({ maxFailures: 2, windowMs: 60_000 });
    limiter.recordFailure('a@x.io');
    limiter.recordSuccess('a@x.io');
    limiter.recordFailure('a@x.io');
    expect(limiter.retryAfter('a@x.io')).toBe(0);
  });
});
