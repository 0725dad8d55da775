// An agent's results over time: one point per experiment per variant (or per prompt), oldest
// experiment first, with the interval of each rate. A series absent from an experiment is a gap.
import { METRIC_LABELS } from './describe';
import { variantColour } from './prepare-palette';
import { errorExtent, type ChartSeries, type RateMetricKey } from './prepare-rates';

type Interval = { value: number | null; low: number | null; high: number | null };

export type HistoryPoint = {
  experimentId: string;
  createdAt: number;
  status: string;
  simulated: boolean;
  /** The variant's name in that experiment. */
  variant: string;
  /** Identifies the system prompt's text (a short hash): equal text, equal key. */
  promptKey: string;
  /** The saved prompt variant with exactly that text ("directive v3"), else a name made from the key. */
  promptLabel: string;
  datasetName: string | null;
  conversations: number;
  rates: Partial<Record<RateMetricKey, Interval>>;
  turnsMean: number | null;
  latencyP50: number | null;
  latencyP95: number | null;
  meanToolNameConfidence: number | null;
};

export const HISTORY_GROUPINGS = ['variant', 'prompt'] as const;
export type HistoryGrouping = (typeof HISTORY_GROUPINGS)[number];

export const HISTORY_METRICS = [
  'toolCallRate',
  'validCallRate',
  'completionRate',
  'callAccuracy',
  'nameAccuracy',
  'argumentAccuracy',
  'irrelevanceAccuracy',
  'turnsMean',
  'latencyP50',
  'latencyP95',
  'meanToolNameConfidence',
] as const;
export type HistoryMetric = (typeof HISTORY_METRICS)[number];

export const HISTORY_METRIC_LABELS: Record<HistoryMetric, string> = {
  toolCallRate: METRIC_LABELS.toolCallRate,
  validCallRate: METRIC_LABELS.validCallRate,
  completionRate: METRIC_LABELS.completionRate,
  callAccuracy: METRIC_LABELS.callAccuracy,
  nameAccuracy: METRIC_LABELS.nameAccuracy,
  argumentAccuracy: METRIC_LABELS.argumentAccuracy,
  irrelevanceAccuracy: METRIC_LABELS.irrelevanceAccuracy,
  turnsMean: 'Mean turns to completion',
  latencyP50: 'Latency p50 (ms)',
  latencyP95: 'Latency p95 (ms)',
  meanToolNameConfidence: 'Mean tool-name confidence',
};

/** How a metric's values read: a share (0 to 1, shown as %), a count of turns, or milliseconds. */
function historyMetricUnit(metric: HistoryMetric): 'share' | 'turns' | 'ms' {
  if (metric === 'turnsMean') return 'turns';
  if (metric === 'latencyP50' || metric === 'latencyP95') return 'ms';
  return 'share';
}

function intervalOf(point: HistoryPoint, metric: HistoryMetric): Interval {
  switch (metric) {
    case 'turnsMean':
      return { value: point.turnsMean, low: null, high: null };
    case 'latencyP50':
      return { value: point.latencyP50, low: null, high: null };
    case 'latencyP95':
      return { value: point.latencyP95, low: null, high: null };
    case 'meanToolNameConfidence':
      return { value: point.meanToolNameConfidence, low: null, high: null };
    default:
      return point.rates[metric] ?? { value: null, low: null, high: null };
  }
}

/** Which metrics some point has a value for (accuracy only after dataset runs, confidence only with logprobs). */
export function availableHistoryMetrics(points: HistoryPoint[]): HistoryMetric[] {
  return HISTORY_METRICS.filter((metric) => points.some((point) => intervalOf(point, metric).value !== null));
}

type HistoryExperiment = {
  id: string;
  createdAt: number;
  simulated: boolean;
  status: string;
  datasetName: string | null;
  index: number;
};

/**
 * One experiment on the x axis: for each series key, its value, `${key}Error` (the whiskers),
 * `${key}Label` (the prompt version where the series starts or changes it) and `${key}Version` (the
 * version it ran there).
 */
type HistoryRow = {
  index: number;
  experimentId: string;
  [field: string]: string | number | boolean | null | [number, number];
};

type HistoryTableRow = {
  experimentId: string;
  createdAt: number;
  simulated: boolean;
  status: string;
  series: string;
  variant: string;
  promptLabel: string;
  conversations: number;
} & Interval;

export type HistoryChart = {
  metric: HistoryMetric;
  unit: 'share' | 'turns' | 'ms';
  experiments: HistoryExperiment[];
  series: (ChartSeries & { promptLabel: string })[];
  rows: HistoryRow[];
  table: HistoryTableRow[];
  hasData: boolean;
};

/** The experiments the points come from, oldest first, each with its place on the x axis. */
function experimentsInOrder(ordered: HistoryPoint[]) {
  const experiments: HistoryExperiment[] = [];
  const experimentIndex = new Map<string, number>();
  for (const point of ordered) {
    if (experimentIndex.has(point.experimentId)) continue;
    experimentIndex.set(point.experimentId, experiments.length);
    experiments.push({
      id: point.experimentId,
      createdAt: point.createdAt,
      simulated: point.simulated,
      status: point.status,
      datasetName: point.datasetName,
      index: experiments.length,
    });
  }
  return { experiments, experimentIndex };
}

/**
 * Each row gets `${key}Version`: the prompt version series `key` ran there, the label where it last
 * began ('' before its first point), so that a dot or tooltip reads it from its row instead of
 * walking back through the rows (which made the chart quadratic in experiments).
 */
function carryVersions(rows: HistoryRow[], series: { key: string }[]): void {
  for (const { key } of series) {
    let version = '';
    for (const row of rows) {
      const label = row[`${key}Label`];
      if (typeof label === 'string') version = label;
      row[`${key}Version`] = version;
    }
  }
}

export function prepareHistoryChart(
  points: HistoryPoint[],
  grouping: HistoryGrouping,
  metric: HistoryMetric,
): HistoryChart {
  const ordered = [...points].sort(
    (first, second) => first.createdAt - second.createdAt || first.experimentId.localeCompare(second.experimentId),
  );
  const { experiments, experimentIndex } = experimentsInOrder(ordered);

  // Series in order of first appearance, so that colours stay put as new experiments arrive.
  const series: (ChartSeries & { promptLabel: string })[] = [];
  const seriesKey = new Map<string, string>();
  const taken = new Set<string>();
  const assigned: { point: HistoryPoint; key: string; name: string }[] = [];
  for (const point of ordered) {
    let identity = grouping === 'variant' ? point.variant : point.promptKey;
    let name = grouping === 'variant' ? point.variant : point.promptLabel;
    // Two variants of one experiment with the same prompt (other settings) stay two series.
    if (taken.has(`${point.experimentId}\u0000${identity}`)) {
      identity = `${identity}\u0000${point.variant}`;
      name = `${name} (${point.variant})`;
    }
    taken.add(`${point.experimentId}\u0000${identity}`);
    let key = seriesKey.get(identity);
    if (key === undefined) {
      key = `s${series.length}`;
      seriesKey.set(identity, key);
      series.push({ key, name, colour: variantColour(series.length), promptLabel: point.promptLabel });
    }
    assigned.push({ point, key, name });
  }

  const rows: HistoryRow[] = experiments.map((experiment) => {
    const row: HistoryRow = { index: experiment.index, experimentId: experiment.id };
    for (const entry of series) {
      row[entry.key] = null;
      row[`${entry.key}Error`] = null;
      row[`${entry.key}Label`] = null;
    }
    row.simulated = experiment.simulated;
    return row;
  });
  const table: HistoryTableRow[] = [];
  const lastVersion = new Map<string, string>();
  for (const { point, key, name } of assigned) {
    const interval = intervalOf(point, metric);
    const row = rows[experimentIndex.get(point.experimentId) as number];
    row[key] = interval.value;
    row[`${key}Error`] = errorExtent(interval);
    // The prompt version a point ran is labelled where its series starts or changes version.
    if (lastVersion.get(key) !== point.promptLabel) row[`${key}Label`] = point.promptLabel;
    lastVersion.set(key, point.promptLabel);
    table.push({
      experimentId: point.experimentId,
      createdAt: point.createdAt,
      simulated: point.simulated,
      status: point.status,
      series: name,
      variant: point.variant,
      promptLabel: point.promptLabel,
      conversations: point.conversations,
      ...interval,
    });
  }
  carryVersions(rows, series);
  return {
    metric,
    unit: historyMetricUnit(metric),
    experiments,
    series,
    rows,
    table,
    hasData: table.some((entry) => entry.value !== null),
  };
}
