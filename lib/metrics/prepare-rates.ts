// Rates per variant with their 95% intervals, shaped for a grouped bar chart with error bars:
// one row per metric, one bar per variant. A rate with no trials is a gap (null), never 0.
import { METRIC_LABELS } from './describe';
import { variantColour } from './prepare-palette';
import type { VariantSummaryJson } from './summary-json';

// Task success stands beside the tool-call rate (drawn only when a check judged conversations).
export const CALL_RATE_METRICS = ['toolCallRate', 'taskSuccessRate', 'validCallRate', 'completionRate'] as const;
export const ACCURACY_RATE_METRICS = [
  'callAccuracy',
  'nameAccuracy',
  'argumentAccuracy',
  'irrelevanceAccuracy',
] as const;
export type RateMetricKey = (typeof CALL_RATE_METRICS)[number] | (typeof ACCURACY_RATE_METRICS)[number];

/** One variant as a chart draws it: `key` names its fields in the chart's rows. */
export type ChartSeries = { key: string; name: string; colour: string };

export type RateCell = {
  value: number | null;
  low: number | null;
  high: number | null;
  successes: number | null;
  trials: number | null;
};

/** A chart row: `metric`, `label`, and per series `<key>` (the rate) and `<key>Error` ([below, above] the rate). */
type RateChartRow = {
  metric: RateMetricKey;
  label: string;
  [field: string]: string | number | null | [number, number];
};

export type RateChart = {
  series: ChartSeries[];
  rows: RateChartRow[];
  /** The same numbers for the table beside the chart: per metric, one cell per series. */
  table: { metric: RateMetricKey; label: string; cells: RateCell[] }[];
  /** False when no variant has a single trial of any metric shown. */
  hasData: boolean;
};

/** The series of an experiment's variants, coloured by position (the same in every chart). */
export function variantSeries(names: string[]): ChartSeries[] {
  return names.map((name, index) => ({ key: `v${index}`, name, colour: variantColour(index) }));
}

/** Which of the metrics some variant reports (accuracy exists only for dataset experiments). */
export function presentMetrics(variants: VariantSummaryJson[], metrics: readonly RateMetricKey[]): RateMetricKey[] {
  return metrics.filter((metric) => variants.some((variant) => variant[metric] !== undefined));
}

function cellOf(variant: VariantSummaryJson, metric: RateMetricKey): RateCell {
  const rate = variant[metric];
  const counts = variant.counts?.[metric];
  return {
    value: rate?.value ?? null,
    low: rate?.low ?? null,
    high: rate?.high ?? null,
    successes: counts?.successes ?? null,
    trials: counts?.trials ?? null,
  };
}

/** The distance from the rate down to its low end and up to its high end, for an error bar. */
export function errorExtent(cell: Pick<RateCell, 'value' | 'low' | 'high'>): [number, number] | null {
  if (cell.value === null || cell.low === null || cell.high === null) return null;
  return [Math.max(0, cell.value - cell.low), Math.max(0, cell.high - cell.value)];
}

export function prepareRateChart(variants: VariantSummaryJson[], metrics: readonly RateMetricKey[]): RateChart {
  const series = variantSeries(variants.map((variant) => variant.name));
  const shown = presentMetrics(variants, metrics);
  const table = shown.map((metric) => ({
    metric,
    label: METRIC_LABELS[metric],
    cells: variants.map((variant) => cellOf(variant, metric)),
  }));
  const rows = table.map(({ metric, label, cells }) => {
    const row: RateChartRow = { metric, label };
    cells.forEach((cell, index) => {
      row[series[index].key] = cell.value;
      row[`${series[index].key}Error`] = errorExtent(cell);
    });
    return row;
  });
  const hasData = table.some((entry) => entry.cells.some((cell) => cell.value !== null));
  return { series, rows, table, hasData };
}

export type ConfidenceChart = {
  series: ChartSeries[];
  /** One row per variant: its mean tool-name confidence, null where no response carried logprobs. */
  rows: { variant: string; key: string; colour: string; value: number | null }[];
  /** True when some variant has a figure: only then is the chart shown. */
  present: boolean;
};

/** Mean tool-name confidence per variant (issue 5), present once the server sent logprobs. */
export function prepareConfidenceChart(variants: VariantSummaryJson[]): ConfidenceChart {
  const series = variantSeries(variants.map((variant) => variant.name));
  const rows = variants.map((variant, index) => {
    const value = variant.meanToolNameConfidence;
    return {
      variant: variant.name,
      key: series[index].key,
      colour: series[index].colour,
      value: typeof value === 'number' && Number.isFinite(value) ? value : null,
    };
  });
  return { series, rows, present: rows.some((row) => row.value !== null) };
}
