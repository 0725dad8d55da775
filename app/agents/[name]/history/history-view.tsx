'use client';
// The across-runs chart with its controls (which metric, by variant name or by prompt text) and
// every point in a table under it.
import Link from 'next/link';
import { useMemo, useState } from 'react';
import {
  availableHistoryMetrics,
  HISTORY_METRIC_LABELS,
  prepareHistoryChart,
  type HistoryGrouping,
  type HistoryMetric,
  type HistoryChart as HistoryChartData,
  type HistoryPoint,
} from '@/lib/metrics/prepare-history';
import { formatInterval, formatTime, shortId } from '@/lib/panel/format';
import styles from '@/app/components/charts/charts.module.css';
import { Swatch } from '@/app/components/charts/chart-frame';
import { formatHistoryValue, HistoryChart } from './history-chart';
import { SimulatedBadge } from '@/app/components/status-badge';

/** The chart's choices, kept in the address too so that a reload or a shared link shows the same chart. */
function useHistoryChoices(
  initialMetric: HistoryMetric,
  initialGrouping: HistoryGrouping,
  initialHideSimulated: boolean,
) {
  const [metric, setMetricState] = useState<HistoryMetric>(initialMetric);
  const [grouping, setGroupingState] = useState<HistoryGrouping>(initialGrouping);
  const [hideSimulated, setHideSimulatedState] = useState(initialHideSimulated);
  const remember = (change: Record<string, string | null>) => {
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries(change))
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    window.history.replaceState(null, '', url);
  };
  const setMetric = (next: HistoryMetric) => {
    setMetricState(next);
    remember({ metric: next });
  };
  const setGrouping = (next: HistoryGrouping) => {
    setGroupingState(next);
    remember({ by: next });
  };
  const setHideSimulated = (next: boolean) => {
    setHideSimulatedState(next);
    remember({ simulated: next ? 'hide' : null });
  };
  return { metric, grouping, hideSimulated, setMetric, setGrouping, setHideSimulated };
}

export function HistoryView({
  points,
  initialMetric,
  initialGrouping,
  initialHideSimulated = false,
}: {
  points: HistoryPoint[];
  initialMetric: HistoryMetric;
  initialGrouping: HistoryGrouping;
  initialHideSimulated?: boolean;
}) {
  const metrics = useMemo(() => availableHistoryMetrics(points), [points]);
  const { metric, grouping, hideSimulated, setMetric, setGrouping, setHideSimulated } = useHistoryChoices(
    metrics.includes(initialMetric) ? initialMetric : (metrics[0] ?? 'toolCallRate'),
    initialGrouping,
    initialHideSimulated,
  );
  const shown = useMemo(
    () => (hideSimulated ? points.filter((point) => !point.simulated) : points),
    [points, hideSimulated],
  );
  const chart = useMemo(() => prepareHistoryChart(shown, grouping, metric), [shown, grouping, metric]);
  const anySimulated = points.some((point) => point.simulated);
  return (
    <>
      <div className={styles.controls} data-testid="history-controls">
        <div>
          <label htmlFor="history-metric">Metric</label>
          <select
            id="history-metric"
            value={metric}
            onChange={(event) => setMetric(event.target.value as HistoryMetric)}
            data-testid="history-metric"
          >
            {metrics.map((candidate) => (
              <option key={candidate} value={candidate}>
                {HISTORY_METRIC_LABELS[candidate]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="history-grouping">One line per</label>
          <select
            id="history-grouping"
            value={grouping}
            onChange={(event) => setGrouping(event.target.value as HistoryGrouping)}
            data-testid="history-grouping"
          >
            <option value="prompt">prompt version (saved variants by name)</option>
            <option value="variant">variant name</option>
          </select>
        </div>
        {anySimulated ? (
          <label className="muted" style={{ display: 'flex', gap: 6, alignItems: 'center', fontWeight: 400 }}>
            <input
              type="checkbox"
              checked={hideSimulated}
              onChange={(event) => setHideSimulated(event.target.checked)}
              data-testid="hide-simulated"
            />
            hide simulated experiments
          </label>
        ) : null}
      </div>
      <figure className={styles.chart} style={{ margin: 0 }} data-testid="history-chart" data-metric={metric}>
        <div className={styles.head}>
          <h3>{HISTORY_METRIC_LABELS[metric]}</h3>
          {chart.experiments.some((experiment) => experiment.simulated) ? <SimulatedBadge /> : null}
        </div>
        <figcaption className={styles.caption}>
          One dot per experiment and {grouping === 'variant' ? 'variant' : 'prompt'}; whiskers are 95% intervals (rates
          only). Hollow dots come from the simulated endpoint. Lines join a series across the experiments it ran in.
        </figcaption>
        {chart.hasData ? (
          <div
            role="img"
            aria-label={
              `${HISTORY_METRIC_LABELS[metric]} over ${chart.experiments.length} experiments; ` +
              'the numbers are in the table below'
            }
          >
            <HistoryChart chart={chart} />
          </div>
        ) : (
          <p className={styles.empty} data-testid="history-chart-empty">
            No experiment has a value for this metric{hideSimulated ? ' outside the simulator' : ''}.
          </p>
        )}
      </figure>
      <HistoryTable chart={chart} grouping={grouping} metric={metric} />
    </>
  );
}

/** Every point of the chart, newest first. */
function HistoryTable({
  chart,
  grouping,
  metric,
}: {
  chart: HistoryChartData;
  grouping: HistoryGrouping;
  metric: HistoryMetric;
}) {
  const seriesOf = new Map(chart.series.map((series) => [series.name, series]));
  return (
    <div className="table-scroll" style={{ marginTop: 14 }}>
      <table data-testid="history-table">
        <thead>
          <tr>
            <th>Experiment</th>
            <th>Created (UTC)</th>
            <th>{grouping === 'variant' ? 'Variant' : 'Prompt'}</th>
            <th>{grouping === 'variant' ? 'Prompt' : 'Variant'}</th>
            <th className="number">Conversations</th>
            <th className="number">{HISTORY_METRIC_LABELS[metric]}</th>
          </tr>
        </thead>
        <tbody>
          {[...chart.table].reverse().map((row) => (
            <tr
              key={`${row.experimentId}-${row.variant}`}
              data-testid="history-row"
              data-experiment={row.experimentId}
              data-variant={row.variant}
            >
              <td>
                <Link href={`/experiments/${row.experimentId}`}>
                  <code>{shortId(row.experimentId)}</code>
                </Link>{' '}
                {row.simulated ? <SimulatedBadge /> : null}
              </td>
              <td>{formatTime(row.createdAt)}</td>
              <td>
                <Swatch colour={seriesOf.get(row.series)?.colour ?? '#999'} />
                {row.series}
              </td>
              <td className="muted">{grouping === 'variant' ? row.promptLabel : row.variant}</td>
              <td className="number">{row.conversations}</td>
              <td className="number" data-testid="history-value" data-value={row.value ?? ''}>
                {formatHistoryValue(row.value, chart.unit)}
                <span className="sub">{chart.unit === 'share' ? formatInterval(row.low, row.high) : ''}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
