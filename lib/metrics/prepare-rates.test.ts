import { describe, expect, it } from 'vitest';
import { VARIANT_COLOURS } from './prepare-palette';
import {
  ACCURACY_RATE_METRICS,
  CALL_RATE_METRICS,
  errorExtent,
  prepareConfidenceChart,
  prepareRateChart,
  presentMetrics,
} from './prepare-rates';
import { emptyVariant, summaryVariant } from './prepare-test-summary';

describe('prepareRateChart', () => {
  it('puts one row per metric and one bar per variant, with the interval as distances below and above', () => {
    const chart = prepareRateChart(
      [summaryVariant('baseline'), summaryVariant('directive', { toolCallRate: { value: 0.5, low: 0.4, high: 0.7 } })],
      CALL_RATE_METRICS,
    );
    expect(chart.series).toEqual([
      { key: 'v0', name: 'baseline', colour: VARIANT_COLOURS[0] },
      { key: 'v1', name: 'directive', colour: VARIANT_COLOURS[1] },
    ]);
    expect(chart.rows.map((row) => row.metric)).toEqual(['toolCallRate', 'validCallRate', 'completionRate']);
    expect(chart.rows[0].label).toBe('Tool-call rate');
    expect(chart.rows[0].v1).toBe(0.5);
    const [below, above] = chart.rows[0].v1Error as [number, number];
    expect(below).toBeCloseTo(0.1, 12);
    expect(above).toBeCloseTo(0.2, 12);
    expect(chart.table[0].cells[0]).toEqual({ value: 0.95, low: 0.88, high: 0.98, successes: 76, trials: 80 });
    expect(chart.hasData).toBe(true);
  });

  it('leaves a variant without trials as a gap, not a zero', () => {
    const chart = prepareRateChart([summaryVariant('baseline'), emptyVariant('late')], CALL_RATE_METRICS);
    expect(chart.rows[0].v1).toBeNull();
    expect(chart.rows[0].v1Error).toBeNull();
    expect(chart.table[0].cells[1]).toEqual({ value: null, low: null, high: null, successes: 0, trials: 0 });
    expect(prepareRateChart([emptyVariant('a')], CALL_RATE_METRICS).hasData).toBe(false);
  });

  it('shows accuracy metrics only when the summary has them', () => {
    const plain = [summaryVariant('a')];
    expect(presentMetrics(plain, ACCURACY_RATE_METRICS)).toEqual([]);
    expect(prepareRateChart(plain, ACCURACY_RATE_METRICS).rows).toEqual([]);
    const scored = [
      summaryVariant('a', {
        callAccuracy: { value: 0.6, low: 0.5, high: 0.7 },
        nameAccuracy: { value: 0.8, low: 0.7, high: 0.9 },
        argumentAccuracy: { value: 0.75, low: 0.6, high: 0.85 },
      }),
    ];
    const chart = prepareRateChart(scored, ACCURACY_RATE_METRICS);
    expect(chart.rows.map((row) => row.metric)).toEqual(['callAccuracy', 'nameAccuracy', 'argumentAccuracy']);
    expect(chart.rows.map((row) => row.label)).toEqual(['Call accuracy', 'Tool-name accuracy', 'Argument accuracy']);
    // Counts missing from the summary are unknown, not zero.
    expect(chart.table[0].cells[0].trials).toBeNull();
  });

  it('never draws a negative error bar', () => {
    expect(errorExtent({ value: 0.5, low: 0.5000000001, high: 0.6 })).toEqual([0, expect.closeTo(0.1, 12)]);
    expect(errorExtent({ value: 1, low: 0.9, high: null })).toBeNull();
  });
});

describe('prepareConfidenceChart', () => {
  it('is present only when some variant has a mean tool-name confidence', () => {
    expect(prepareConfidenceChart([summaryVariant('a'), summaryVariant('b')]).present).toBe(false);
    const withoutKey = summaryVariant('old');
    delete (withoutKey as { meanToolNameConfidence?: unknown }).meanToolNameConfidence;
    expect(prepareConfidenceChart([withoutKey]).rows[0].value).toBeNull();
    const chart = prepareConfidenceChart([summaryVariant('a', { meanToolNameConfidence: 0.82 }), summaryVariant('b')]);
    expect(chart.present).toBe(true);
    expect(chart.rows).toEqual([
      { variant: 'a', key: 'v0', colour: VARIANT_COLOURS[0], value: 0.82 },
      { variant: 'b', key: 'v1', colour: VARIANT_COLOURS[1], value: null },
    ]);
  });
});
