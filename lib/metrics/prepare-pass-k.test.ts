import { describe, expect, it } from 'vitest';
import { chartsFor, preparePassKChart } from './prepare-pass-k';
import type { SummaryJson } from './summary-json';

const variant = (name: string, passHatK: Record<string, number>, max: number | null, dataset = false) =>
  ({
    name,
    passHatK,
    turnsToCompletion: { mean: null, p50: null, p90: null, max },
    ...(dataset ? { callAccuracy: { value: 1, low: 0, high: 1 } } : {}),
  }) as unknown as SummaryJson['variants'][number];

describe('pass^k chart and the charts of a kind of run', () => {
  it('has a row per k with each variant, and data only with repeats', () => {
    const chart = preparePassKChart([
      variant('a', { 1: 0.8, 2: 0.7, 3: 0.65 }, 2),
      variant('b', { 1: 0.9, 2: 0.9 }, 2),
    ]);
    expect(chart.rows.map((row) => row.k)).toEqual([1, 2, 3]);
    expect(chart.rows[2][chart.series[1].key]).toBeNull();
    expect(chart.hasData).toBe(true);
    expect(preparePassKChart([variant('a', { 1: 0.8 }, 2)]).hasData).toBe(false);
  });

  it('leaves out turns and outcomes for a dataset run at one turn, and pass^k without repeats', () => {
    const summary = (variants: SummaryJson['variants']) => ({ variants }) as SummaryJson;
    expect(chartsFor(summary([variant('a', { 1: 1 }, 1, true)]))).toEqual({
      passK: false,
      turns: false,
      outcomes: false,
      completion: false,
    });
    expect(chartsFor(summary([variant('a', { 1: 1, 2: 1 }, 3)]))).toEqual({
      passK: true,
      turns: true,
      outcomes: true,
      completion: true,
    });
    // A one-turn agent's run (not a dataset): no turns chart, the rest stays.
    expect(chartsFor(summary([variant('a', { 1: 1 }, 1)]))).toEqual({
      passK: false,
      turns: false,
      outcomes: true,
      completion: true,
    });
  });
});
