import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../metrics/types';
import { intervalAxis, intervalMark } from './interval';

const comparison = (
  difference: number | null,
  low: number | null,
  high: number | null,
  detectable: boolean,
): Comparison => ({
  a: 'a',
  b: 'b',
  metric: 'toolCallRate',
  effect: 'rate-difference',
  inference: 'fixed-sample',
  difference,
  low,
  high,
  pValue: null,
  test: 'two-proportion-z',
  method: 'newcombe-clustered',
  paired: false,
  p: null,
  pAdjusted: null,
  exploratory: true,
  inputs: 0,
  detectable,
});

describe('interval plot', () => {
  it('puts rates on one symmetric axis of whole points, rounded up to a readable limit', () => {
    const rates = [comparison(0.12, 0.05, 0.19, true), comparison(-0.02, -0.16, 0.04, false)];
    const axis = intervalAxis(rates, 'points');
    expect(axis).toEqual({ limit: 20, unit: 'points' });
    expect(intervalMark(rates[0], axis)).toEqual({ low: 0.625, high: 0.975, point: 0.8, leaning: 'b' });
    expect(intervalMark(rates[1], axis)).toMatchObject({ low: 0.1, point: 0.45, leaning: 'none' });
    expect(intervalMark(comparison(-0.3, -0.4, -0.2, true), { limit: 25, unit: 'points' })).toMatchObject({
      low: 0,
      leaning: 'a',
    });
  });

  it('gives turns their own axis, and no mark for a missing interval', () => {
    expect(intervalAxis([{ ...comparison(0.4, -0.3, 1.4, false), metric: 'turnsToCompletion' }], 'turns')).toEqual({
      limit: 2,
      unit: 'turns',
    });
    expect(intervalAxis([], 'turns')).toEqual({ limit: 0.5, unit: 'turns' });
    expect(intervalMark(comparison(null, null, null, false), { limit: 5, unit: 'points' })).toBeNull();
  });
});
