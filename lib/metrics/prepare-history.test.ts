import { describe, expect, it } from 'vitest';
import { VARIANT_COLOURS } from './prepare-palette';
import { availableHistoryMetrics, prepareHistoryChart, type HistoryPoint } from './prepare-history';

function point(
  experimentId: string,
  createdAt: number,
  variant: string,
  value: number | null,
  overrides: Partial<HistoryPoint> = {},
): HistoryPoint {
  return {
    experimentId,
    createdAt,
    status: 'completed',
    simulated: false,
    variant,
    promptKey: `key-${variant}`,
    promptLabel: `prompt ${variant}`,
    datasetName: null,
    conversations: 20,
    rates: {
      toolCallRate: { value, low: value === null ? null : value - 0.1, high: value === null ? null : value + 0.05 },
    },
    turnsMean: 2,
    latencyP50: 10,
    latencyP95: 30,
    meanToolNameConfidence: null,
    ...overrides,
  };
}

describe('prepareHistoryChart', () => {
  it('orders experiments oldest first, one series per variant, gaps where a variant did not run', () => {
    const chart = prepareHistoryChart(
      [
        point('later', 2000, 'baseline', 0.9),
        point('earlier', 1000, 'baseline', 0.6),
        point('earlier', 1000, 'directive', 0.7),
      ],
      'variant',
      'toolCallRate',
    );
    expect(chart.experiments.map((experiment) => experiment.id)).toEqual(['earlier', 'later']);
    expect(chart.series.map((series) => [series.key, series.name, series.colour])).toEqual([
      ['s0', 'baseline', VARIANT_COLOURS[0]],
      ['s1', 'directive', VARIANT_COLOURS[1]],
    ]);
    expect(chart.rows[0]).toMatchObject({ index: 0, experimentId: 'earlier', s0: 0.6, s1: 0.7 });
    expect(chart.rows[1]).toMatchObject({ index: 1, experimentId: 'later', s0: 0.9, s1: null, s1Error: null });
    const [below, above] = chart.rows[1].s0Error as [number, number];
    expect(below).toBeCloseTo(0.1, 12);
    expect(above).toBeCloseTo(0.05, 12);
    expect(chart.table).toHaveLength(3);
    expect(chart.unit).toBe('share');
  });

  it('follows a prompt across variant names when grouped by prompt', () => {
    const chart = prepareHistoryChart(
      [
        point('one', 1, 'baseline', 0.5, { promptKey: 'p1', promptLabel: 'directive v2' }),
        point('two', 2, 'renamed', 0.8, { promptKey: 'p1', promptLabel: 'directive v2' }),
      ],
      'prompt',
      'toolCallRate',
    );
    expect(chart.series.map((series) => series.name)).toEqual(['directive v2']);
    expect(chart.rows.map((row) => row.s0)).toEqual([0.5, 0.8]);
  });

  it("labels each point with its prompt version: where a variant's prompt changed shows on its line", () => {
    const chart = prepareHistoryChart(
      [
        point('one', 1, 'baseline', 0.5, { promptKey: 'p1', promptLabel: 'directive v1' }),
        point('two', 2, 'baseline', 0.6, { promptKey: 'p2', promptLabel: 'directive v2' }),
        point('three', 3, 'baseline', 0.7, { promptKey: 'p2', promptLabel: 'directive v2' }),
      ],
      'variant',
      'toolCallRate',
    );
    expect(chart.series.map((series) => series.name)).toEqual(['baseline']);
    // Labelled where the version starts; the third point ran the same one.
    expect(chart.rows.map((row) => row.s0Label)).toEqual(['directive v1', 'directive v2', null]);
  });

  it('keeps two variants of one experiment with the same prompt apart', () => {
    const chart = prepareHistoryChart(
      [
        point('one', 1, 'cold', 0.5, { promptKey: 'p1', promptLabel: 'p' }),
        point('one', 1, 'hot', 0.4, { promptKey: 'p1', promptLabel: 'p' }),
      ],
      'prompt',
      'toolCallRate',
    );
    expect(chart.series.map((series) => series.name)).toEqual(['p', 'p (hot)']);
    expect(chart.rows[0]).toMatchObject({ s0: 0.5, s1: 0.4 });
  });

  it('charts values without intervals, and knows which metrics have data', () => {
    const points = [point('one', 1, 'a', 0.5, { latencyP95: 42 })];
    const chart = prepareHistoryChart(points, 'variant', 'latencyP95');
    expect(chart.unit).toBe('ms');
    expect(chart.rows[0]).toMatchObject({ s0: 42, s0Error: null });
    expect(availableHistoryMetrics(points)).toEqual(['toolCallRate', 'turnsMean', 'latencyP50', 'latencyP95']);
    expect(prepareHistoryChart([point('one', 1, 'a', null)], 'variant', 'toolCallRate').hasData).toBe(false);
  });

  it('carries on every row the version each series ran there, as a walk back to its last label finds it', () => {
    // What the chart did at each dot before (a walk back per dot, quadratic): the reference.
    const walkBack = (rows: ReturnType<typeof prepareHistoryChart>['rows'], labelKey: string, index: number) => {
      for (let at = index; at >= 0; at -= 1) {
        const label = rows[at]?.[labelKey];
        if (typeof label === 'string') return label;
      }
      return '';
    };
    // 300 experiments, 6 variants that skip some and change prompt version now and then (a fixed LCG).
    let state = 7;
    const next = (range: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % range;
    };
    const versions = new Map<string, number>();
    const points: HistoryPoint[] = [];
    for (let experiment = 0; experiment < 300; experiment += 1) {
      for (const variant of ['a', 'b', 'c', 'd', 'e', 'f']) {
        if (next(3) === 0) continue;
        if (next(40) === 0) versions.set(variant, (versions.get(variant) ?? 0) + 1);
        const version = `${variant} v${versions.get(variant) ?? 0}`;
        const value = next(5) === 0 ? null : next(100) / 100;
        points.push(point(`x${experiment}`, experiment, variant, value, { promptKey: version, promptLabel: version }));
      }
    }
    for (const grouping of ['variant', 'prompt'] as const) {
      const chart = prepareHistoryChart(points, grouping, 'toolCallRate');
      expect(chart.series.length).toBeGreaterThan(1);
      for (const series of chart.series) {
        const carried = chart.rows.map((row) => row[`${series.key}Version`]);
        const walked = chart.rows.map((row) => walkBack(chart.rows, `${series.key}Label`, row.index));
        // Joined: one comparison of two strings, which vitest diffs far faster than two long arrays.
        expect(carried.every((version) => typeof version === 'string')).toBe(true);
        expect(carried.join('\n')).toBe(walked.join('\n'));
      }
    }
  });
});
