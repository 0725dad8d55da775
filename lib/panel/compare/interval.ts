// Where a difference and its interval sit on a small axis centred on zero, for the comparison
// table's interval plot. Rates share one scale (percentage points) so that their bars compare;
// turns have their own. Missing intervals are gaps, never drawn at zero.
import type { Comparison } from '../../metrics/types';

export type IntervalAxis = { limit: number; unit: 'points' | 'turns' };
export type IntervalMark = {
  /** Positions from 0 (left edge, -limit) to 1 (right edge, +limit). */
  low: number;
  high: number;
  point: number;
  /** Which side the difference favours as a value: b higher, a higher, or neither detectably. */
  leaning: 'b' | 'a' | 'none';
};

const RATE_STEPS = [5, 10, 20, 25, 50, 100];
const TURN_STEPS = [0.5, 1, 2, 5, 10, 20, 50];

function niceLimit(largest: number, steps: number[]): number {
  return steps.find((step) => step >= largest) ?? Math.ceil(largest);
}

/** The axis for one kind of metric, from every interval of that kind (in display units). */
export function intervalAxis(comparisons: Comparison[], unit: IntervalAxis['unit']): IntervalAxis {
  const scale = unit === 'points' ? 100 : 1;
  const extent = comparisons.flatMap((comparison) =>
    comparison.low === null || comparison.high === null
      ? []
      : [Math.abs(comparison.low * scale), Math.abs(comparison.high * scale)],
  );
  const largest = Math.max(0, ...extent);
  return { limit: niceLimit(largest, unit === 'points' ? RATE_STEPS : TURN_STEPS), unit };
}

export function intervalMark(comparison: Comparison, axis: IntervalAxis): IntervalMark | null {
  if (comparison.difference === null || comparison.low === null || comparison.high === null) return null;
  const scale = axis.unit === 'points' ? 100 : 1;
  const place = (value: number) => Math.min(1, Math.max(0, (value * scale + axis.limit) / (2 * axis.limit)));
  return {
    low: place(comparison.low),
    high: place(comparison.high),
    point: place(comparison.difference),
    leaning: !comparison.detectable ? 'none' : comparison.difference > 0 ? 'b' : 'a',
  };
}
