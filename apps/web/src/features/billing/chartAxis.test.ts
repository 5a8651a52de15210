import { describe, expect, it } from 'vitest';
import { costAxis, formatChartCost } from './chartAxis';

describe("the usage chart's cost axis", () => {
  it('steps in 1, 2, 2.5 or 5 × a power of ten from $0 to just above the largest day', () => {
    expect(costAxis(0.6).ticks).toEqual([0, 0.2, 0.4, 0.6]);
    expect(costAxis(0.35).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(costAxis(7.3).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(costAxis(12).ticks).toEqual([0, 5, 10, 15]);
  });

  it('shows cents and fractions of a cent with as many places as the step needs, never $0.00 twice', () => {
    const small = costAxis(0.0123);
    expect(small.ticks.map(small.format)).toEqual(['$0', '$0.005', '$0.010', '$0.015']);
    const tiny = costAxis(0.0004);
    expect(tiny.ticks.map(tiny.format)).toEqual(['$0', '$0.0001', '$0.0002', '$0.0003', '$0.0004']);
    const cents = costAxis(0.6);
    expect(cents.ticks.map(cents.format)).toEqual(['$0', '$0.20', '$0.40', '$0.60']);
    const quarter = costAxis(0.0009);
    expect(quarter.ticks.map(quarter.format)).toEqual(['$0', '$0.00025', '$0.00050', '$0.00075', '$0.00100']);
    const dollars = costAxis(12);
    expect(dollars.ticks.map(dollars.format)).toEqual(['$0', '$5', '$10', '$15']);
  });

  it('gives a day without cost an axis up to one cent', () => {
    const none = costAxis(0);
    expect(none.ticks.map(none.format)).toEqual(['$0', '$0.01']);
  });
});

describe("the chart tooltip's cost", () => {
  it('shows cents, and four places below a cent', () => {
    expect(formatChartCost(0.35)).toBe('$0.35');
    expect(formatChartCost(0.0012)).toBe('$0.0012');
    expect(formatChartCost(0)).toBe('$0.00');
  });
});
