import { describe, expect, it } from 'vitest';
import { postSlugSchema, slugFromTitle } from './publishing';

describe('the publishing slug rule (docs/PRODUCT.md#admin)', () => {
  it('lower-cases, turns spaces into hyphens and drops everything but a-z, 0-9 and hyphens', () => {
    expect(slugFromTitle('Spring Release: 2026!')).toBe('spring-release-2026');
    expect(slugFromTitle('Été à Paris')).toBe('t--paris');
    expect(slugFromTitle('already-a-slug')).toBe('already-a-slug');
    expect(slugFromTitle('两个字')).toBe('');
  });

  it('accepts only what the rule can produce, and never an empty slug', () => {
    expect(postSlugSchema.safeParse('spring-release-2026').success).toBe(true);
    for (const bad of ['', 'Has Caps', 'with space', 'a/b', 'x'.repeat(121)]) expect(postSlugSchema.safeParse(bad).success, bad).toBe(false);
  });
});
