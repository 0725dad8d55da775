// Latency per variant: p50 and p95 of the model responses as grouped bars, and a histogram of
// response latencies whose buckets are chosen here so that SQL can count them (see
// lib/db/queries/experiment-charts.ts) without sending every latency to the page.
import { variantSeries, type ChartSeries } from './prepare-rates';
import type { VariantSummaryJson } from './summary-json';

type LatencyRow = { statistic: 'p50' | 'p95'; label: string; [field: string]: string | number | null };

export type LatencyChart = { series: ChartSeries[]; rows: LatencyRow[]; hasData: boolean };

export function prepareLatencyChart(variants: VariantSummaryJson[]): LatencyChart {
  const series = variantSeries(variants.map((variant) => variant.name));
  const rows: LatencyRow[] = (['p50', 'p95'] as const).map((statistic) => {
    const row: LatencyRow = { statistic, label: statistic === 'p50' ? 'median (p50)' : 'p95' };
    variants.forEach((variant, index) => {
      row[series[index].key] = variant.latencyMs[statistic];
    });
    return row;
  });
  return { series, rows, hasData: variants.some((variant) => variant.latencyMs.p50 !== null) };
}

/** How the histogram's buckets are cut: bucket i holds [i*width, (i+1)*width), and `lastIndex` everything above. */
export type LatencyBuckets = { width: number; firstIndex: number; lastIndex: number };

/** The next "nice" step (1, 2 or 5 times a power of ten) at or above `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * power;
    // Float noise (0.30000000000000004) must not push a step past the one that fits.
    if (step >= raw * (1 - 1e-9)) return Number(step.toPrecision(12));
  }
  return 10 * power;
}

/**
 * About `target` buckets from the fastest response to twice the slowest variant's p95 (so that one
 * stuck request does not squeeze every other bar into the first bucket); slower ones share the last.
 * Null when there is no latency to show.
 */
export function chooseLatencyBuckets(
  minimumMs: number | null,
  maximumMs: number | null,
  p95Ms: (number | null)[],
  target = 20,
): LatencyBuckets | null {
  if (minimumMs === null || maximumMs === null || !Number.isFinite(minimumMs) || !Number.isFinite(maximumMs))
    return null;
  const p95s = p95Ms.filter((value): value is number => value !== null && Number.isFinite(value));
  const cap = p95s.length === 0 ? maximumMs : Math.min(maximumMs, 2 * Math.max(...p95s));
  const upper = Math.max(cap, minimumMs);
  const width = Math.max(0.01, niceStep((upper - minimumMs) / target || upper / target || 1));
  const firstIndex = Math.floor(minimumMs / width);
  const lastIndex = Math.max(firstIndex, Math.floor(upper / width));
  return { width, firstIndex, lastIndex };
}

/** Responses of one variant (by position) that fell in bucket `bucket`. */
export type LatencyGroup = { variantIndex: number; bucket: number; count: number };

type LatencyHistogramRow = {
  bucket: number;
  label: string;
  fromMs: number;
  toMs: number | null;
  [field: string]: string | number | null;
};

export type LatencyHistogram = {
  series: ChartSeries[];
  rows: LatencyHistogramRow[];
  totals: number[];
  buckets: LatencyBuckets | null;
  hasData: boolean;
};

function formatBound(milliseconds: number): string {
  return Number(milliseconds.toPrecision(6)).toString();
}

export function prepareLatencyHistogram(
  variantNames: string[],
  buckets: LatencyBuckets | null,
  groups: LatencyGroup[],
): LatencyHistogram {
  const series = variantSeries(variantNames);
  if (!buckets) return { series, rows: [], totals: series.map(() => 0), buckets, hasData: false };
  const { width, firstIndex, lastIndex } = buckets;
  const counts = series.map(() => new Array<number>(lastIndex - firstIndex + 1).fill(0));
  for (const group of groups) {
    if (group.variantIndex < 0 || group.variantIndex >= series.length) continue;
    const bucket = Math.min(Math.max(group.bucket, firstIndex), lastIndex);
    counts[group.variantIndex][bucket - firstIndex] += group.count;
  }
  const totals = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const rows: LatencyHistogramRow[] = [];
  for (let bucket = firstIndex; bucket <= lastIndex; bucket++) {
    const fromMs = bucket * width;
    const last = bucket === lastIndex;
    const row: LatencyHistogramRow = {
      bucket,
      fromMs,
      toMs: last ? null : (bucket + 1) * width,
      label: last ? `≥ ${formatBound(fromMs)}` : `${formatBound(fromMs)}–${formatBound((bucket + 1) * width)}`,
    };
    series.forEach((entry, index) => {
      row[entry.key] = totals[index] === 0 ? null : counts[index][bucket - firstIndex] / totals[index];
      row[`${entry.key}Count`] = totals[index] === 0 ? null : counts[index][bucket - firstIndex];
    });
    rows.push(row);
  }
  return { series, rows, totals, buckets, hasData: totals.some((total) => total > 0) };
}
