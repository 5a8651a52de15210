import { describe, expect, it } from 'vitest';
import { isNearEnd } from './useInfiniteScroll';

describe('infinite loading trigger', () => {
  it('fires within 100 px of the end', () => {
    expect(isNearEnd({ scrollTop: 500, scrollHeight: 1200, clientHeight: 600 })).toBe(true);
    expect(isNearEnd({ scrollTop: 499, scrollHeight: 1200, clientHeight: 600 })).toBe(false);
  });
  it('fires at once when the rows do not fill the viewport', () => {
    expect(isNearEnd({ scrollTop: 0, scrollHeight: 300, clientHeight: 600 })).toBe(true);
  });
});
