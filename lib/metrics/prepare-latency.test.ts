import { describe, expect, it } from 'vitest';
import { chooseLatencyBuckets, niceStep, prepareLatencyChart, prepareLatencyHistogram } from './prepare-latency';
import { emptyVariant, summaryVariant } from './prepare-test-summary';

describe('prepareLatencyChart', () => {
  it('puts p50 and p95 side by side per variant, missing ones as gaps', () => {
    const chart = prepareLatencyChart([summaryVariant('a'), emptyVariant('b')]);
    expect(chart.rows).toEqual([
      { statistic: 'p50', label: 'median (p50)', v0: 12, v1: null },
      { statistic: 'p95', label: 'p95', v0: 40, v1: null },
    ]);
    expect(chart.hasData).toBe(true);
    expect(prepareLatencyChart([emptyVariant('b')]).hasData).toBe(false);
  });
});

describe('latency buckets', () => {
  it('rounds steps up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(3)).toBe(5);
    expect(niceStep(0.3)).toBe(0.5);
    expect(niceStep(0.1 + 0.2)).toBe(0.5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(20)).toBe(20);
    expect(niceStep(0)).toBe(1);
  });

  it('spans the fastest response to twice the slowest p95, the outliers sharing the last bucket', () => {
    expect(chooseLatencyBuckets(10, 30_000, [40, 90])).toEqual({ width: 10, firstIndex: 1, lastIndex: 18 });
    expect(chooseLatencyBuckets(null, null, [])).toBeNull();
    // Every response equally fast: one bucket.
    expect(chooseLatencyBuckets(0, 0, [0])).toEqual({ width: 1, firstIndex: 0, lastIndex: 0 });
  });

  it('counts each variant as shares of its responses, with the counts beside them', () => {
    const buckets = { width: 10, firstIndex: 1, lastIndex: 3 };
    const histogram = prepareLatencyHistogram(['a', 'b'], buckets, [
      { variantIndex: 0, bucket: 1, count: 3 },
      { variantIndex: 0, bucket: 3, count: 1 },
      // Past the last bucket (SQL caps it, but a stale width must not lose counts).
      { variantIndex: 0, bucket: 9, count: 4 },
    ]);
    expect(histogram.rows.map((row) => row.label)).toEqual(['10–20', '20–30', '≥ 30']);
    expect(histogram.rows[0]).toMatchObject({ v0: 3 / 8, v0Count: 3, v1: null, v1Count: null });
    expect(histogram.rows[2]).toMatchObject({ v0: 5 / 8, v0Count: 5, toMs: null });
    expect(histogram.totals).toEqual([8, 0]);
    expect(prepareLatencyHistogram(['a'], null, []).hasData).toBe(false);
  });
});
