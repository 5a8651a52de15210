import { describe, expect, it } from 'vitest';
import { parseWordGoal } from './WordGoal';

describe('parseWordGoal', () => {
  it('reads whole numbers, with thousands separators', () => {
    expect(parseWordGoal('1000')).toBe(1000);
    expect(parseWordGoal(' 1,500 ')).toBe(1500);
    expect(parseWordGoal('2 000')).toBe(2000);
    expect(parseWordGoal('1000000')).toBe(1_000_000);
  });

  it('refuses nothing, zero, fractions, negatives, words and too much', () => {
    for (const input of ['', '   ', '0', '-5', '2.5', '12.5e3', 'ten', '1000001', '5 words']) expect(parseWordGoal(input)).toBeNull();
  });
});
