import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs } from './retry';

describe('Retry-After parsing', () => {
  it('reads seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
  });
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
  });
  it('ignores missing or unreadable values', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
  it('caps absurd waits', () => {
    expect(parseRetryAfter('3600')).toBe(MAX_RETRY_AFTER_MS);
  });
  it('waits the Retry-After when given, else 500–1000 ms', () => {
    expect(retryDelayMs(2000, () => 0)).toBe(2000);
    expect(retryDelayMs(undefined, () => 0)).toBe(500);
    expect(retryDelayMs(undefined, () => 0.999999)).toBe(1000);
  });
});
