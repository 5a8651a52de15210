/**
 * The usage chart's cost axis (docs/BILLING.md): a day's cost is often a fraction of a cent, so
 * fixed two-place labels read '$0.01, $0.00, $0.00…'. Ticks step by 1, 2, 2.5 or 5 × a power of
 * ten from $0 to just above the largest day, each label with as many places as the step needs.
 */

const NICE_MANTISSAS = [1, 2, 2.5, 5, 10] as const;
/** Up to this many intervals above $0 (four or five ticks in the chart's height). */
const TARGET_INTERVALS = 4;
/** Float noise allowance when comparing computed ratios. */
const EPSILON = 1e-9;

export interface CostAxis {
  /** Tick values, $0 first. */
  ticks: number[];
  /** A tick's label: '$0', then dollars with the step's places (at least cents below $1). */
  format: (value: number) => string;
}

/** The cost axis for days whose largest cost is `max` dollars. */
export function costAxis(max: number): CostAxis {
  if (!(max > 0)) return { ticks: [0, 0.01], format: (value) => (value === 0 ? '$0' : `$${value.toFixed(2)}`) };
  const raw = max / TARGET_INTERVALS;
  const exponent = Math.floor(Math.log10(raw));
  const power = 10 ** exponent;
  const mantissa = NICE_MANTISSAS.find((m) => raw / power <= m + EPSILON) ?? 10;
  const step = mantissa * power;
  // Places the step needs (2.5 × 10^k needs one more), at least cents once below a dollar.
  const stepPlaces = Math.max(0, -Math.floor(Math.log10(step) + EPSILON) + (mantissa === 2.5 ? 1 : 0));
  const places = step < 1 ? Math.max(2, stepPlaces) : stepPlaces;
  const count = Math.ceil(max / step - EPSILON);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(places + 2)));
  return { ticks, format: (value) => (value === 0 ? '$0' : `$${value.toFixed(places)}`) };
}

/** A cost in the chart's tooltip: cents, or four places below a cent so a small day never reads $0.00. */
export function formatChartCost(dollars: number): string {
  return dollars > 0 && dollars < 0.01 ? `$${dollars.toFixed(4)}` : `$${dollars.toFixed(2)}`;
}
