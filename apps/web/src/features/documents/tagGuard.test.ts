import { describe, expect, it } from 'vitest';
import { createTagGuard, TAG_GUARD_MS } from './tagGuard';

describe('tag update guard', () => {
  it('ignores a second update for a file while one runs, and for 500 ms after', () => {
    let t = 0;
    const guard = createTagGuard({ now: () => t });
    expect(guard.tryBegin('a')).toBe(true);
    expect(guard.tryBegin('a')).toBe(false);
    expect(guard.tryBegin('b')).toBe(true);
    t = 2000;
    guard.end('a');
    t += TAG_GUARD_MS - 1;
    expect(guard.isBlocked('a')).toBe(true);
    expect(guard.tryBegin('a')).toBe(false);
    t += 1;
    expect(guard.tryBegin('a')).toBe(true);
  });
});
